import Foundation
import Logging
import Testing
import TestSupport

// MARK: - FakeGitHost

/// A local stand-in for the GitHub, GitLab and Bitbucket status APIs: a real Hummingbird
/// server on 127.0.0.1 (ephemeral port) that records every request and answers with scripted
/// statuses, so tests can check exactly what the notifier sent over real HTTP.
actor FakeGitHost {
    /// One request as the fake received it.
    struct Recorded: Sendable {
        var method: String
        /// The raw path, percent-encoding intact.
        var path: String
        /// Header values by lowercased name.
        var headers: [String: String]
        var body: [UInt8]

        /// The body as a flat JSON object of strings, or nil when it is not one.
        var json: [String: String]? {
            (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: String]
        }
    }

    /// An answer: status, body and extra headers.
    struct Answer: Sendable {
        var status: Int
        var body: String = "{}"
        var headers: [String: String] = [:]
    }

    private(set) var requests: [Recorded] = []
    private var script: [Answer] = []
    private var fallback = Answer(status: 201)

    /// Answers the next requests with `answers`, in order, then with `fallback`.
    func script(_ answers: [Answer], then fallback: Answer = Answer(status: 201)) {
        self.script = answers
        self.fallback = fallback
    }

    /// Records a request and picks its answer.
    fileprivate func handle(_ request: Recorded) -> Answer {
        requests.append(request)
        return script.isEmpty ? fallback : script.removeFirst()
    }

    /// Waits (cancellably, by polling) until at least `count` requests arrived.
    func waitForRequests(_ count: Int) async throws {
        while requests.count < count {
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}

// MARK: - Running

extension FakeGitHost {
    /// Starts a fake on loopback, runs `body` with it and its base URL (bounded by
    /// `timeLimit`, a hang guard), and always stops it.
    static func run<T: Sendable>(
        timeLimit: Duration = .seconds(60),
        _ body: @escaping @Sendable (FakeGitHost, String) async throws -> T
    ) async throws -> T {
        let host = FakeGitHost()
        return try await LoopbackServer.run(label: "NotificationsTests.FakeGitHost", logLevel: .warning, bodyLimit: 1024 * 1024, answering: { request in
            let answer = await host.handle(Recorded(method: request.method, path: request.path, headers: request.headers, body: request.body))
            return LoopbackResponse(status: answer.status, body: answer.body, headers: answer.headers)
        }) { server in
            try await withTimeLimit(timeLimit) { try await body(host, server.url) }
        }
    }
}
