import Artifacts
import Core
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import Server

/// Artifacts in a folder of its own (a shared volume) instead of beside the database, and the
/// answers a lost file, a lost folder or a bad S3 endpoint get. How `MOBILE_OPS_ARTIFACTS`
/// reads is `ArtifactsTests`' part.
@Suite("Where artifacts are kept: MOBILE_OPS_ARTIFACTS")
struct ArtifactLocationTests {
    @Test("the server's configuration takes MOBILE_OPS_ARTIFACTS (the Artifacts module reads every form of it)")
    func configurationReadsTheLocation() throws {
        let configuration = try ServerConfiguration.resolve(flags: .init(), environment: ["MOBILE_OPS_ARTIFACTS": "/mnt/ci-artifacts"])
        #expect(configuration.artifacts == .folder("/mnt/ci-artifacts"))
        #expect(throws: ConfigurationError.self) {
            _ = try ServerConfiguration.resolve(flags: .init(), environment: ["MOBILE_OPS_ARTIFACTS": "gs://bucket/x"])
        }
    }

    @Test("a folder of its own (a shared volume): uploads land there, download from there; a lost file is 404, a lost folder 503")
    func sharedFolder() async throws {
        let shared = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-shared-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: shared) }
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        let logs = RecordedLogs()
        let server = try await TestServer.make(logs: logs, configure: { $0.artifacts = .folder(shared.path) })
        let besideDatabase = server.directory.appendingPathComponent("db/artifacts").path
        try await server.test { client in
            let (agent, job) = try await ArtifactAPITests.runningJob(client)
            let first = try await S3ArtifactStorageTests.upload(client, job: job, path: "a.bin", bytes: [1, 2, 3, 4], token: agent)
            let second = try await S3ArtifactStorageTests.upload(client, job: job, path: "b.bin", bytes: [5, 6], token: agent)
            #expect(first.status == .created && second.status == .created)
            let kept = try FileManager.default.contentsOfDirectory(atPath: shared.path).filter { $0 != "incoming" }
            #expect(kept.count == 2, "\(kept)")
            #expect(!FileManager.default.fileExists(atPath: besideDatabase), "nothing beside the database")

            let firstID = try #require(first.body["id"] as? Int)
            let download = try await client.execute(uri: "/api/v1/artifacts/\(firstID)", method: .get, headers: [.authorization: "Bearer \(TestServer.adminToken)"])
            #expect(Array(download.body.readableBytesView) == [1, 2, 3, 4])

            for name in kept where (try? Data(contentsOf: shared.appendingPathComponent(name))) == Data([1, 2, 3, 4]) {
                try FileManager.default.removeItem(at: shared.appendingPathComponent(name))
            }
            let lost = try await client.send(.get, "/api/v1/artifacts/\(firstID)")
            #expect(lost.status == .notFound)
            #expect(lost.body.errorCode == "artifact_missing")
            #expect(lost.body.errorMessage?.contains("artifact \(firstID) is recorded but its file") == true, "\(lost.body)")

            // The volume is gone (unmounted, say): every artifact, not one, is unreadable.
            try FileManager.default.removeItem(at: shared)
            let secondID = try #require(second.body["id"] as? Int)
            let unmounted = try await client.send(.get, "/api/v1/artifacts/\(secondID)")
            #expect(unmounted.status == .serviceUnavailable)
            #expect(unmounted.body.errorCode == "artifact_storage_unavailable")
            // Nor is the folder made again on the local disk for an upload, where no other server would see it.
            let upload = try await S3ArtifactStorageTests.upload(client, job: job, path: "c.bin", bytes: [1], token: agent)
            #expect(upload.status == .serviceUnavailable)
            #expect(upload.body.errorMessage?.contains(shared.path) == false, "the folder is the log's to name: \(upload.body)")
            #expect(!FileManager.default.fileExists(atPath: shared.path))
        }
        #expect(logs.all.contains { $0.hasPrefix("error artifact storage unavailable") && $0.contains("is its volume mounted?") })
    }

    @Test("a database restored without the artifacts/ folder beside it: downloads answer 404 artifact_missing, not 503 retry later")
    func restoredWithoutArtifacts() async throws {
        let server = try await TestServer.make()
        let besideDatabase = server.directory.appendingPathComponent("db/artifacts")
        try await server.test { client in
            let (agent, job) = try await ArtifactAPITests.runningJob(client)
            let stored = try await S3ArtifactStorageTests.upload(client, job: job, path: "a.bin", bytes: [1, 2, 3], token: agent)
            let id = try #require(stored.body["id"] as? Int)
            try FileManager.default.removeItem(at: besideDatabase)

            let download = try await client.send(.get, "/api/v1/artifacts/\(id)")
            #expect(download.status == .notFound)
            #expect(download.body.errorCode == "artifact_missing")
            #expect(download.body.errorMessage?.contains("artifact \(id) is recorded but its file") == true, "\(download.body)")
            // The default folder is the server's own: an upload makes it again.
            #expect(try await S3ArtifactStorageTests.upload(client, job: job, path: "b.bin", bytes: [4], token: agent).status == .created)
        }
    }

    @Test("an S3 endpoint with credentials in it: the password is masked at start, in the log and never reaches a client")
    func endpointUserInfoMasked() async throws {
        let logs = RecordedLogs()
        let settings = S3ArtifactSettings(
            bucket: "ci-artifacts", endpoint: "http://AKIAUSERINFO:userinfo-secret-value@127.0.0.1:1/s3", region: "us-east-1",
            accessKeyID: "AKIAKEY", secretAccessKey: "secret-access-key")
        #expect("\(settings)" == "s3://ci-artifacts/ at http://AKIAUSERINFO:***@127.0.0.1:1/s3 (region us-east-1)")
        let server = try await TestServer.make(logs: logs, configure: { $0.artifacts = .s3(settings) })
        try await server.test { client in
            let (agent, job) = try await ArtifactAPITests.runningJob(client)
            let upload = try await S3ArtifactStorageTests.upload(client, job: job, path: "a.bin", bytes: [1], token: agent)
            #expect(upload.status == .serviceUnavailable)
            #expect(upload.body.errorCode == "artifact_storage_unavailable")
            #expect(upload.body.errorMessage == "the artifact storage cannot be used right now, so nothing was done; retry later (the server's log says why)")
        }
        #expect(logs.all.contains { $0.contains("artifact storage") && $0.contains("AKIAUSERINFO:***@127.0.0.1:1") }, "the start-up line names the endpoint, masked")
        #expect(logs.all.contains { $0.hasPrefix("error artifact storage unavailable") && $0.contains("cannot be reached") })
        #expect(!logs.all.contains { $0.contains("userinfo-secret-value") || $0.contains("secret-access-key") }, "\(logs.all.filter { $0.contains("secret") })")
    }
}
