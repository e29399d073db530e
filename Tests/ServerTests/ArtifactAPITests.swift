import Core
import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import Server

@Suite("Artifact upload and download")
struct ArtifactAPITests {
    /// A running job held by a new agent: (agent token, job id).
    static func runningJob(_ client: some TestClientProtocol) async throws -> (agent: String, job: Int) {
        let agent = try await AgentAPITests.registerAgent(client)
        _ = try await AgentAPITests.trigger(client)
        let job = try #require(try await AgentAPITests.next(client, agent: agent))
        let id = try #require(job["jobID"] as? Int)
        _ = try await client.send(.post, "/api/v1/agent/jobs/\(id)/start", token: agent)
        return (agent, id)
    }

    static func upload(
        _ client: some TestClientProtocol, job: Int, path: String, bytes: [UInt8], token: String
    ) async throws -> (status: HTTPResponse.Status, body: [String: Any]) {
        // ASCII letters and digits only: `.alphanumerics` would leave `é` raw in the URI.
        let escaped = path.addingPercentEncoding(withAllowedCharacters: Self.asciiAlphanumerics) ?? path
        return try await client.execute(
            uri: "/api/v1/agent/jobs/\(job)/artifacts?path=\(escaped)", method: .put,
            headers: [.authorization: "Bearer \(token)", .contentType: "application/octet-stream"], body: ByteBuffer(bytes: bytes)
        ) { response in
            let object = (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [String: Any] ?? [:]
            return (response.status, object)
        }
    }

    private static let asciiAlphanumerics = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    @Test("an agent uploads an artifact; it is listed with size and SHA-256 and downloads byte for byte; re-upload replaces")
    func roundTrip() async throws {
        try await TestServer.make().test { client in
            let (agent, job) = try await Self.runningJob(client)
            let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            let uploaded = try await Self.upload(client, job: job, path: "build/My App.ipa", bytes: bytes, token: agent)
            #expect(uploaded.status == .created)
            #expect(uploaded.body["size"] as? Int == bytes.count)
            let digest = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
            #expect(uploaded.body["sha256"] as? String == digest)

            let again = try await Self.upload(client, job: job, path: "build/My App.ipa", bytes: [1, 2, 3], token: agent)
            #expect(again.status == .created)
            let list = try await client.send(.get, "/api/v1/jobs/\(job)/artifacts")
            let artifacts = try #require(list.body["artifacts"] as? [[String: Any]])
            #expect(artifacts.count == 1)
            #expect(artifacts.first?["path"] as? String == "build/My App.ipa")
            #expect(artifacts.first?["size"] as? Int == 3)
            let id = try #require(artifacts.first?["id"] as? Int)

            let download = try await client.execute(uri: "/api/v1/artifacts/\(id)", method: .get, headers: [.authorization: "Bearer \(TestServer.adminToken)"])
            #expect(download.status == .ok)
            #expect(Array(download.body.readableBytesView) == [1, 2, 3])
            #expect(download.headers[.contentType] == "application/octet-stream")
            #expect(download.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
            #expect(download.headers[HTTPField.Name("Content-Disposition")!] == #"attachment; filename="My App.ipa""#)
        }
    }

    @Test("a download names a non-ASCII file with filename*=UTF-8'' and an ASCII fallback")
    func nonASCIIName() async throws {
        #expect(ArtifactController.contentDisposition("plain name.txt") == #"attachment; filename="plain name.txt""#)
        #expect(ArtifactController.contentDisposition(#"a"b\c.txt"#) == #"attachment; filename="a_b_c.txt"; filename*=UTF-8''a%22b%5Cc.txt"#)
        try await TestServer.make().test { client in
            let (agent, job) = try await Self.runningJob(client)
            let uploaded = try await Self.upload(client, job: job, path: "out/Résumé 📦.ipa", bytes: [7], token: agent)
            let id = try #require(uploaded.body["id"] as? Int)
            let download = try await client.execute(uri: "/api/v1/artifacts/\(id)", method: .get, headers: [.authorization: "Bearer \(TestServer.adminToken)"])
            #expect(download.headers[HTTPField.Name("Content-Disposition")!]
                == #"attachment; filename="R_sum_ _.ipa"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%F0%9F%93%A6.ipa"#)
        }
    }

    @Test("bad paths, other agents, unknown jobs and artifacts, oversized uploads: clear errors, nothing stored")
    func errors() async throws {
        let server = try await TestServer.make(configure: { $0.maxArtifactSize = 10_000 })
        let artifactsFolder = server.directory.appendingPathComponent("db/artifacts").path
        try await server.test { client in
            let (agent, job) = try await Self.runningJob(client)
            for path in ["", "/etc/passwd", "../escape", "a/../../b", "a//b", "./a", "..\\..\\x", "build\\App.ipa", "invoice\u{202E}gpj.exe", "a\u{85}b"] {
                let response = try await Self.upload(client, job: job, path: path, bytes: [1], token: agent)
                #expect(response.status == .badRequest, "path \(path.debugDescription)")
            }
            let other = try await AgentAPITests.registerAgent(client)
            #expect(try await Self.upload(client, job: job, path: "a.txt", bytes: [1], token: other).status == .conflict)
            #expect(try await Self.upload(client, job: 999_999, path: "a.txt", bytes: [1], token: agent).status == .conflict)
            #expect(try await Self.upload(client, job: job, path: "a.txt", bytes: [1], token: "nope").status == .unauthorized)
            let big = try await Self.upload(client, job: job, path: "big.bin", bytes: [UInt8](repeating: 0, count: 20_000), token: agent)
            #expect(big.status == .contentTooLarge)

            #expect(try await client.send(.get, "/api/v1/artifacts/12345").status == .notFound)
            #expect(try await client.send(.get, "/api/v1/jobs/999999/artifacts").status == .notFound)
            let list = try await client.send(.get, "/api/v1/jobs/\(job)/artifacts")
            #expect((list.body["artifacts"] as? [Any])?.isEmpty == true)
            let stored = (try? FileManager.default.subpathsOfDirectory(atPath: artifactsFolder)) ?? []
            #expect(stored.filter { !$0.hasPrefix("incoming") }.isEmpty, "refused uploads leave no files: \(stored)")
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: artifactsFolder + "/incoming")) ?? []).isEmpty)
        }
    }

    @Test("the holder is checked before the body is stored: another agent's upload is 409 even when the storage could not take it")
    func holderBeforeBody() async throws {
        let server = try await TestServer.make()
        let artifactsFolder = server.directory.appendingPathComponent("db/artifacts").path
        let databaseFolder = server.directory.appendingPathComponent("db").path
        try await server.test { client in
            let (_, job) = try await Self.runningJob(client)
            let other = try await AgentAPITests.registerAgent(client)
            // A file where the storage's folder should be: storing any body would fail (503).
            try? FileManager.default.removeItem(atPath: artifactsFolder)
            try FileManager.default.createDirectory(atPath: databaseFolder, withIntermediateDirectories: true)
            try Data("not a folder".utf8).write(to: URL(fileURLWithPath: artifactsFolder))
            let refused = try await Self.upload(client, job: job, path: "a.txt", bytes: [1, 2, 3], token: other)
            #expect(refused.status == .conflict, "\(refused.body)")
            #expect((refused.body["error"] as? [String: Any])?["code"] as? String == "job_not_held")
        }
    }
}
