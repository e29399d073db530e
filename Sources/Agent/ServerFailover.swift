import HTTPClient
import Logging
import Synchronization

// MARK: - ServerFailover

/// The servers an agent may talk to and the one it talks to now.
///
/// The agent uses one server at a time. When a request to it gets no answer (refused, reset,
/// timed out) or a 502/503/504, the agent moves on to the next server in the list, round
/// robin, and the caller retries there after its usual backoff. An answer the server meant
/// (401, 404, 409…) is not a reason to move: another replica of the same database would say
/// the same. The registration and job leases live in the shared database, so they stay valid
/// on every replica and nothing is registered again.
///
/// Every request notes the ``Choice`` it was sent with; only a failure of the current choice
/// moves on, so many requests failing against one dead server move (and log) once.
public final class ServerFailover: Sendable {
    /// The base URLs in the order given, without trailing slashes.
    public let urls: [String]
    private let logger: Logger
    private let state: Mutex<Choice>

    /// The server a request went to, and which switch it belongs to.
    public struct Choice: Sendable, Equatable {
        /// The base URL, e.g. `http://ci-a.example.com:8080`.
        public let url: String
        /// Its position in ``ServerFailover/urls``.
        public let index: Int
        /// How many switches happened before this choice was current.
        public let generation: Int
    }

    /// Creates the list; the first URL is used first. An empty list yields empty URLs,
    /// which every request rejects (``AgentConfiguration/validate()`` refuses it earlier).
    public init(urls: [String], logger: Logger = Logger(label: "mobile-ops-agent")) {
        let trimmed = urls.map(Self.trimmed)
        self.urls = trimmed
        self.logger = logger
        self.state = Mutex(Choice(url: trimmed.first ?? "", index: 0, generation: 0))
    }

    /// The server to send the next request to.
    public var current: Choice { self.state.withLock { $0 } }

    /// Records that the request sent with `choice` failed for `reason`: moves to the next
    /// server unless another request already did (or there is no other). Answers the new
    /// choice when this call moved.
    @discardableResult
    public func failed(_ choice: Choice, reason: String) -> Choice? {
        guard self.urls.count > 1 else { return nil }
        let moved = self.state.withLock { state -> Choice? in
            guard state.generation == choice.generation else { return nil }
            let next = (state.index + 1) % self.urls.count
            state = Choice(url: self.urls[next], index: next, generation: state.generation + 1)
            return state
        }
        if let moved {
            self.logger.warning("switching servers", metadata: [
                "from": "\(choice.url)", "to": "\(moved.url)", "reason": "\(reason)",
            ])
        }
        return moved
    }

    // MARK: Rules

    /// Whether a request that got no response should move the agent to another server:
    /// network trouble yes; a bad request, a cancelled task or a shut-down client no.
    public static func warrantsFailover(_ error: HTTPClientError) -> Bool {
        switch error {
        case .dnsFailure, .connectionFailed, .tlsFailure, .timedOut, .transferFailed: true
        case .invalidURL, .invalidRequest, .tooManyRedirects, .responseTooLarge, .cancelled, .shutDown: false
        }
    }

    /// Whether a response with `status` should move the agent: the statuses a proxy or an
    /// overloaded, starting or stopping replica answers (502, 503, 504), not the server's
    /// own answers about the request.
    public static func warrantsFailover(status: Int) -> Bool {
        status == 502 || status == 503 || status == 504
    }

    /// `url` without trailing slashes, so paths can be appended.
    static func trimmed(_ url: String) -> String {
        var url = url
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }
}
