import Agent
import Core
import Foundation
import HTTPClient
import Synchronization

/// Many simulated agents, real `AgentAPI` clients long-polling the server: when one
/// gets a job it notes the time, reports it passed and polls again.
final class AgentFleet: Sendable {
    private let api: AgentAPI
    private let tokens: [String]
    private let received = Mutex<[Int64: ContinuousClock.Instant]>([:])
    private let polls = Atomic<Int>(0)

    /// Registers `count` agents with `tags` through a new registration token.
    init(server: BenchServer, count: Int, tags: [String: String]) async throws {
        // Their own client: agents run on other machines, so their long polls must not share
        // one curl multi handle (and its thread) with the requests being measured.
        api = AgentAPI(client: HTTPClient(configuration: .init(maxConnectionsPerHost: 0, maxIdleConnections: 2_000)), serverURL: server.url)
        let created = try await server.api(.post, "/api/v1/agents/tokens", json: #"{"name": "bench"}"#)
        guard let registration = created["token"] as? String else { throw BenchError("no registration token in \(created)") }
        var tokens: [String] = []
        for index in 0..<count {
            let registered = try await api.register(AgentRegistration(name: "bench-\(index)", tags: tags, slots: 1), registrationToken: registration)
            tokens.append(registered.token)
        }
        self.tokens = tokens
    }

    /// Long polls started so far (each agent starts a new one after every answer).
    var pollCount: Int { polls.load(ordering: .relaxed) }

    /// When an agent received the job of `buildID`, if one did.
    func receivedAt(build buildID: Int64) -> ContinuousClock.Instant? {
        received.withLock { $0[buildID] }
    }

    /// Polls with every agent until the calling task is cancelled.
    func run() async {
        await withTaskGroup(of: Void.self) { group in
            for token in tokens {
                group.addTask { await self.poll(token: token) }
            }
        }
    }

    private func poll(token: String) async {
        while !Task.isCancelled {
            polls.add(1, ordering: .relaxed)
            do {
                guard let job = try await api.nextJob(token: token, waitSeconds: 25) else { continue }
                let now = ContinuousClock.now
                received.withLock { $0[job.buildID] = now }
                _ = try await api.start(jobID: job.jobID, token: token)
                try await api.finish(jobID: job.jobID, outcome: JobOutcome(state: .passed, exitStatus: 0), token: token)
            } catch {
                if Task.isCancelled { return }
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
    }
}
