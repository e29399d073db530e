import Foundation
import Synchronization
import TestSupport

// MARK: - LoopbackGitHost

/// Serves a fake provider API on 127.0.0.1 (ephemeral port) over real HTTP, records every
/// exchange, and can fail chosen requests with a 5xx, before or after the fake applied them
/// (a host that fell over, or an answer lost on the way back).
///
/// Shared by the notifier tests and the server tests, like `DistributionFakes`.
public final class LoopbackGitHost<API: FakeGitHostAPI>: Sendable {
    /// One request and what it got.
    public struct Exchange: Sendable {
        public var method: String
        public var path: String
        public var query: [String: String]
        public var headers: [String: String]
        public var status: Int
        /// Whether the fake applied it (false for a failure injected before it).
        public var applied: Bool
    }

    /// A failure to inject into the first request that `matches`.
    struct Fault: Sendable {
        let matches: @Sendable (FakeRequest) -> Bool
        let status: Int
        let afterApplying: Bool
    }

    private struct State: Sendable {
        var api: API
        var exchanges: [Exchange] = []
        var faults: [Fault] = []
    }

    private let state: Mutex<State>

    /// Hosts `api`.
    public init(_ api: API) {
        state = Mutex(State(api: api))
    }

    /// The fake as it is now.
    public var api: API { state.withLock { $0.api } }

    /// Changes the fake between requests (notes other people wrote meanwhile).
    public func update(_ change: (inout API) -> Void) {
        state.withLock { change(&$0.api) }
    }

    /// Every exchange so far, in order.
    public var exchanges: [Exchange] { state.withLock { $0.exchanges } }

    /// Answers the next request that `matches` with `status` (502 by default) instead of the
    /// fake's answer; with `afterApplying`, the fake applies it first and only the answer is lost.
    public func fail(status: Int = 502, afterApplying: Bool = false, next matches: @escaping @Sendable (FakeRequest) -> Bool) {
        state.withLock { $0.faults.append(Fault(matches: matches, status: status, afterApplying: afterApplying)) }
    }

    /// Answers one request.
    func handle(_ request: FakeRequest) -> FakeResponse {
        state.withLock { state in
            var response: FakeResponse
            var applied = true
            if let index = state.faults.firstIndex(where: { $0.matches(request) }) {
                let fault = state.faults.remove(at: index)
                applied = fault.afterApplying
                if applied { _ = state.api.handle(request) }
                response = .json(fault.status, ["message": "Server Error"])
            } else {
                response = state.api.handle(request)
                applied = response.status < 300
            }
            state.exchanges.append(Exchange(
                method: request.method, path: request.path, query: request.query, headers: request.headers, status: response.status, applied: applied))
            return response
        }
    }

    // MARK: Running

    /// Starts the server, runs `body` with its base URL (`http://127.0.0.1:<port>`), and always
    /// stops it.
    public func run<T: Sendable>(_ body: @Sendable (String) async throws -> T) async throws -> T {
        try await LoopbackServer.run(label: "GitHostFakes.LoopbackGitHost", answering: { request in
            self.handle(FakeRequest(method: request.method, path: request.path, rawQuery: request.query, headers: request.headers, body: request.body))
        }) { server in
            try await body(server.url)
        }
    }
}
