import Foundation
import Logging
import Testing
import TestSupport

// MARK: - FakeDistribution

/// A local stand-in for a store API (and Google's token endpoint): a real Hummingbird server
/// on 127.0.0.1 (ephemeral port) that records every request and answers through a route
/// function, so tests run the real client code over real HTTP and check what it sent.
actor FakeDistribution {
    /// One request as the fake received it.
    struct Recorded: Sendable {
        var method: String
        /// The path, percent-encoding intact.
        var path: String
        /// The raw query string, if any.
        var query: String
        /// Header values by lowercased name.
        var headers: [String: String]
        var body: [UInt8]

        /// The body as a JSON object.
        var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
        }

        /// The body as form fields (`application/x-www-form-urlencoded`).
        var form: [String: String] {
            var fields: [String: String] = [:]
            for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
                if parts.count == 2 { fields[parts[0]] = parts[1] }
            }
            return fields
        }

        /// The bearer token, if any.
        var bearer: String? {
            headers["authorization"].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        }
    }

    /// An answer: status and JSON body.
    struct Answer: Sendable {
        var status: Int
        var body: String
    }

    private(set) var requests: [Recorded] = []
    private let route: @Sendable (Recorded) -> Answer

    init(route: @escaping @Sendable (Recorded) -> Answer) {
        self.route = route
    }

    fileprivate func handle(_ request: Recorded) -> Answer {
        requests.append(request)
        return route(request)
    }

    /// Requests other than the token endpoint's.
    var apiRequests: [Recorded] {
        requests.filter { $0.path != "/token" }
    }
}

// MARK: - Running

extension FakeDistribution {
    /// Starts a fake answering through `route`, runs `body` with it and its base URL
    /// (bounded by a hang guard), and always stops it.
    static func run<T: Sendable>(
        route: @escaping @Sendable (Recorded) -> Answer,
        _ body: @escaping @Sendable (FakeDistribution, String) async throws -> T
    ) async throws -> T {
        let store = FakeDistribution(route: route)
        return try await LoopbackServer.run(label: "ReleaseTrainTests.FakeDistribution", logLevel: .warning, bodyLimit: 1024 * 1024, answering: { request in
            let answer = await store.handle(Recorded(
                method: request.method, path: request.path, query: request.query, headers: request.headers, body: request.body
            ))
            return LoopbackResponse(status: answer.status, body: answer.body)
        }) { server in
            try await withTimeLimit(.seconds(60)) { try await body(store, server.url) }
        }
    }
}
