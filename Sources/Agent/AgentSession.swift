import Core
import Logging

// MARK: - AgentSession

/// The agent's registration, shared by every slot: registers on first use (retrying with
/// backoff while the server is unreachable), and again when a call answers 401 (the
/// server lost its database, say). Only one registration runs at a time. Moving to another
/// server (``ServerFailover``) keeps the registration: replicas share the database, so the
/// agent token is valid on all of them.
actor AgentSession {
    private let api: AgentAPI
    private let configuration: AgentConfiguration
    private let logger: Logger
    private var registered: AgentRegistered?
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(api: AgentAPI, configuration: AgentConfiguration, logger: Logger) {
        self.api = api
        self.configuration = configuration
        self.logger = logger
    }

    // MARK: Credentials

    /// The current registration, registering first if there is none.
    /// Throws ``AgentRunError/registrationRejected(_:)`` or `CancellationError`.
    func credentials() async throws -> AgentRegistered {
        if let registered { return registered }
        await self.acquire()
        defer { self.release() }
        if let registered { return registered }
        let fresh = try await self.registerUntilAccepted()
        self.registered = fresh
        return fresh
    }

    /// The registration, if the agent has one now; never registers.
    var current: AgentRegistered? { self.registered }

    /// Forgets the registration if it still uses `token`, so the next call registers again.
    func invalidate(token: String) {
        if self.registered?.token == token {
            self.logger.warning("agent token rejected; registering again")
            self.registered = nil
        }
    }

    // MARK: Registering

    private func registerUntilAccepted() async throws -> AgentRegistered {
        let registration = AgentRegistration(
            name: self.configuration.name, tags: self.configuration.tags, slots: self.configuration.slots,
            hostname: self.configuration.hostname, version: self.configuration.version
        )
        var backoff = Backoff(initial: self.configuration.backoffInitial, maximum: self.configuration.backoffMaximum)
        while true {
            try Task.checkCancellation()
            do {
                let answer = try await self.api.register(registration, registrationToken: self.configuration.registrationToken)
                self.logger.info("registered", metadata: ["agentID": "\(answer.agentID)", "leaseSeconds": "\(answer.leaseSeconds)"])
                return answer
            } catch {
                try Task.checkCancellation()
                guard error.isRetryable else { throw AgentRunError.registrationRejected(error.description) }
                self.logger.warning("registration failed, retrying: \(error)")
                await backoff.wait()
            }
        }
    }

    private func acquire() async {
        guard self.busy else {
            self.busy = true
            return
        }
        await withCheckedContinuation { self.waiters.append($0) }
    }

    private func release() {
        if self.waiters.isEmpty {
            self.busy = false
        } else {
            self.waiters.removeFirst().resume()
        }
    }
}

// MARK: - AgentRunError

/// Why the agent stopped on its own (it otherwise runs until cancelled).
public enum AgentRunError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server refused the registration token or the registration itself.
    case registrationRejected(String)

    /// One line for people.
    public var description: String {
        switch self {
        case .registrationRejected(let message): "registration rejected: \(message)"
        }
    }
}
