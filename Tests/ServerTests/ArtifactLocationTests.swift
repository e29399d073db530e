import Core
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import Server

/// `MOBILE_OPS_ARTIFACTS` and the S3 settings as an operator writes them, and artifacts in a
/// folder of its own (a shared volume) instead of beside the database.
@Suite("Where artifacts are kept: MOBILE_OPS_ARTIFACTS")
struct ArtifactLocationTests {
    /// The configuration `environment` resolves to (no flags).
    static func resolve(_ environment: [String: String]) throws(ConfigurationError) -> ServerConfiguration {
        try ServerConfiguration.resolve(flags: .init(), environment: environment)
    }

    @Test("unset: beside the database; a path: that folder; s3://: a bucket with its settings, MOBILE_OPS_S3_* before AWS_*")
    func resolution() throws {
        #expect(try Self.resolve([:]).artifacts == .besideDatabase)
        #expect(try Self.resolve(["MOBILE_OPS_ARTIFACTS": "/mnt/ci-artifacts"]).artifacts == .folder("/mnt/ci-artifacts"))

        let aws = try Self.resolve([
            "MOBILE_OPS_ARTIFACTS": "s3://acme-ci/mobile-ops//artifacts/",
            "AWS_ACCESS_KEY_ID": "AKIAAWS", "AWS_SECRET_ACCESS_KEY": "aws-secret", "AWS_REGION": "eu-central-1",
        ]).artifacts
        #expect(aws == .s3(S3ArtifactSettings(
            bucket: "acme-ci", prefix: "mobile-ops/artifacts/", endpoint: "https://s3.eu-central-1.amazonaws.com",
            region: "eu-central-1", accessKeyID: "AKIAAWS", secretAccessKey: "aws-secret")))

        let minio = try Self.resolve([
            "MOBILE_OPS_ARTIFACTS": "s3://acme-ci", "MOBILE_OPS_S3_ENDPOINT": "http://minio.internal:9000/",
            "MOBILE_OPS_S3_REGION": "home", "MOBILE_OPS_S3_ACCESS_KEY_ID": "minio", "MOBILE_OPS_S3_SECRET_ACCESS_KEY": "minio-secret",
            "AWS_ACCESS_KEY_ID": "ignored", "AWS_SECRET_ACCESS_KEY": "ignored", "AWS_REGION": "ignored",
        ]).artifacts
        #expect(minio == .s3(S3ArtifactSettings(
            bucket: "acme-ci", prefix: "", endpoint: "http://minio.internal:9000", region: "home", accessKeyID: "minio", secretAccessKey: "minio-secret")))
        #expect(!"\(minio)".contains("minio-secret"), "descriptions leave the secret out: \(minio)")

        let defaults = try Self.resolve(["MOBILE_OPS_ARTIFACTS": "s3://acme-ci", "AWS_ACCESS_KEY_ID": "k", "AWS_SECRET_ACCESS_KEY": "s"]).artifacts
        guard case .s3(let settings) = defaults else { Issue.record("not S3: \(defaults)"); return }
        #expect(settings.region == "us-east-1")
        #expect(settings.endpoint == "https://s3.us-east-1.amazonaws.com")
    }

    @Test("bad values stop start-up with a message naming the variable", arguments: [
        (["MOBILE_OPS_ARTIFACTS": "s3://"], "MOBILE_OPS_ARTIFACTS"),
        (["MOBILE_OPS_ARTIFACTS": "s3://a/x"], "MOBILE_OPS_ARTIFACTS"),
        (["MOBILE_OPS_ARTIFACTS": "s3://bad bucket/x"], "MOBILE_OPS_ARTIFACTS"),
        (["MOBILE_OPS_ARTIFACTS": "gs://bucket/x"], "MOBILE_OPS_ARTIFACTS"),
        (["MOBILE_OPS_ARTIFACTS": "s3://acme-ci", "AWS_SECRET_ACCESS_KEY": "s"], "MOBILE_OPS_S3_ACCESS_KEY_ID"),
        (["MOBILE_OPS_ARTIFACTS": "s3://acme-ci", "AWS_ACCESS_KEY_ID": "k"], "MOBILE_OPS_S3_SECRET_ACCESS_KEY"),
        (["MOBILE_OPS_ARTIFACTS": "s3://acme-ci", "AWS_ACCESS_KEY_ID": "k", "AWS_SECRET_ACCESS_KEY": "s", "MOBILE_OPS_S3_ENDPOINT": "minio:9000"], "MOBILE_OPS_S3_ENDPOINT"),
        (["MOBILE_OPS_ARTIFACTS": "s3://acme-ci", "AWS_ACCESS_KEY_ID": "k", "AWS_SECRET_ACCESS_KEY": "s", "AWS_ENDPOINT_URL": "http://x/?a=b"], "AWS_ENDPOINT_URL"),
    ])
    func refusals(environment: [String: String], setting: String) {
        #expect {
            _ = try Self.resolve(environment)
        } throws: { error in
            (error as? ConfigurationError)?.setting == setting && (error as? ConfigurationError)?.message.contains(setting) == true
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
