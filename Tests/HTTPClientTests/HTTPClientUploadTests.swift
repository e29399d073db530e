import Foundation
import HTTPClient
import Testing
import TestSupport

/// Bodies streamed from a file (`HTTPRequest.bodyFile`), as the agent uploads artifacts.
@Suite struct HTTPClientUploadTests {
    @Test func streamsAFileAsThePUTOrPOSTBody() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString).bin").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        // 3 MB with NUL bytes and every byte value, bigger than curl's upload buffer.
        let contents = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        #expect(FileManager.default.createFile(atPath: path, contents: Data(contents)))
        try await TestServer.run { server in
            try await withClient { client in
                // `/method` reads at most 1 MB: a small file there, the large one through `/echo`.
                let small = path + ".small"
                defer { try? FileManager.default.removeItem(atPath: small) }
                #expect(FileManager.default.createFile(atPath: small, contents: Data(contents.prefix(500_000))))
                let put = try await client.execute(.init(method: .put, url: server.url("/method"), bodyFile: small))
                #expect(put.bodyText == "PUT:500000")
                let post = try await client.execute(.init(
                    method: .post, url: server.url("/echo"), headers: ["Content-Type": "application/octet-stream"], bodyFile: path, timeout: .seconds(60)
                ))
                #expect(post.status == 200)
                #expect(post.body == contents)
                #expect(post.header("X-Request-Content-Type") == "application/octet-stream")
            }
        }
    }

    @Test func aMissingFileOrBothBodiesIsAnInvalidRequest() async throws {
        try await withClient { client in
            let requests: [HTTPClient.Request] = [
                .init(method: .put, url: "http://127.0.0.1:9/x", bodyFile: "/nonexistent/file"),
                .init(method: .put, url: "http://127.0.0.1:9/x", body: [1], bodyFile: "/etc/hostname"),
                .init(method: .put, url: "http://127.0.0.1:9/x", bodyFile: "/tmp"),
            ]
            for request in requests {
                // Refused before connecting: port 9 would otherwise give a connect error.
                await #expect {
                    try await client.execute(request)
                } throws: { error in
                    if case .invalidRequest = error as? HTTPClientError { return true }
                    return false
                }
            }
        }
    }
}
