import Foundation
import Hummingbird
import NIOCore
import Synchronization
import Testing
import TestSupport

/// A local stand-in for GitHub's commit status API (`POST /repos/{owner}/{repo}/statuses/{sha}`)
/// that fails the first `failures` requests with 500, then answers 201, recording each request.
final class FakeGitHubStatuses: Sendable {
    struct Received: Sendable {
        var path: String
        var authorization: String?
        var state: String?
        var context: String?
        var status: Int
    }

    let failures: Int
    private let received = Mutex<[Received]>([])

    init(failures: Int) {
        self.failures = failures
    }

    var requests: [Received] { received.withLock { $0 } }

    /// Runs the fake on 127.0.0.1, calls `body` with its base URL, then stops it.
    func run(_ body: @Sendable (String) async throws -> Void) async throws {
        let router = Router()
        router.post("/repos/:owner/:repo/statuses/:sha") { request, _ -> Response in
            let data = try await request.body.collect(upTo: 1 << 20)
            let json = (try? JSONSerialization.jsonObject(with: Data(data.readableBytesView))) as? [String: Any]
            let status = self.received.withLock { list in list.count < self.failures ? 500 : 201 }
            self.received.withLock {
                $0.append(Received(path: request.uri.path, authorization: request.headers[.authorization],
                                   state: json?["state"] as? String, context: json?["context"] as? String, status: status))
            }
            return Response(status: .init(code: status), body: .init(byteBuffer: ByteBuffer(string: "{}")))
        }
        try await LoopbackServer.run(router: router, label: "fake-github") { server in
            try await body(server.url)
        }
    }
}
