import Artifacts
import Core
import Crypto
import DI
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Store
import Testing
import TestSupport
@testable import Server

/// Artifacts kept in an S3 bucket (`MOBILE_OPS_ARTIFACTS=s3://…`) of a real S3 implementation,
/// moto on loopback, which checks every request's SigV4 signature: uploads through the agent
/// API land in the bucket, downloads come back byte for byte, replaced and refused uploads
/// leave no object, and a storage that refuses or cannot be reached is a clear 503.
@Suite("Artifacts in an S3 bucket (moto on loopback)", .timeLimit(.minutes(3)))
struct S3ArtifactStorageTests {
    /// Runs when moto is installed, and must under `CI=true`.
    static let enabled = MotoS3.executable != nil || MotoS3.required

    /// A bucket on a fresh moto with signatures enforced: (moto, credentials).
    static func bucket(_ name: String) async throws -> (MotoS3, (id: String, secret: String)) {
        let moto = try await MotoS3.start()
        do {
            let credentials = try await moto.makeCredentials()
            try await moto.createBucket(name, credentials)
            try await moto.enforceSignatures()
            return (moto, credentials)
        } catch {
            moto.stop()
            throw error
        }
    }

    /// PUTs `bytes` as an artifact of `job`; answers status, JSON body and headers.
    static func upload(
        _ client: some TestClientProtocol, job: Int, path: String, bytes: [UInt8], token: String
    ) async throws -> (status: HTTPResponse.Status, body: [String: Any], headers: HTTPFields) {
        try await client.execute(
            uri: "/api/v1/agent/jobs/\(job)/artifacts?path=\(path)", method: .put,
            headers: [.authorization: "Bearer \(token)", .contentType: "application/octet-stream"], body: ByteBuffer(bytes: bytes)
        ) { response in
            let object = (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView))) as? [String: Any] ?? [:]
            return (response.status, object, response.headers)
        }
    }

    /// Lower-case hex SHA-256.
    static func sha256(_ bytes: some DataProtocol) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    @Test("an upload lands in the bucket under the prefix and downloads byte for byte; a re-upload replaces the object; a refused upload and a deleted object leave nothing behind",
          .enabled(if: enabled, MotoS3.skipReason))
    func roundTrip() async throws {
        let (moto, credentials) = try await Self.bucket("ci-artifacts")
        defer { moto.stop() }
        let logs = RecordedLogs()
        let server = try await TestServer.make(logs: logs, configure: { $0.artifacts = .s3(moto.settings(bucket: "ci-artifacts", prefix: "team/ios/", credentials)) })
        let staging = server.directory.appendingPathComponent("db/artifacts/incoming").path
        try await server.test { client in
            let (agent, job) = try await ArtifactAPITests.runningJob(client)
            let bytes = await TestBytes.make(3_000_000)
            let uploaded = try await Self.upload(client, job: job, path: "build/App.ipa", bytes: bytes, token: agent)
            #expect(uploaded.status == .created, "\(uploaded.body)")
            #expect(uploaded.body["sha256"] as? String == Self.sha256(bytes))
            var objects = try await moto.objects(in: "ci-artifacts", prefix: "team/ios/", credentials)
            #expect(objects.count == 1 && objects.values.first == bytes.count, "\(objects)")
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: staging)) ?? []).isEmpty, "the staged file goes once stored")

            let id = try #require(uploaded.body["id"] as? Int)
            let download = try await client.execute(uri: "/api/v1/artifacts/\(id)", method: .get, headers: [.authorization: "Bearer \(TestServer.adminToken)"])
            #expect(download.status == .ok)
            let downloaded = Array(download.body.readableBytesView)
            #expect(downloaded == bytes)
            #expect(Self.sha256(downloaded) == Self.sha256(bytes))
            #expect(download.headers[HTTPField.Name("X-Artifact-SHA256")!] == Self.sha256(bytes))

            // The same path again replaces the artifact, and its old object is deleted.
            let again = try await Self.upload(client, job: job, path: "build/App.ipa", bytes: [1, 2, 3], token: agent)
            #expect(again.status == .created)
            objects = try await moto.objects(in: "ci-artifacts", prefix: "team/ios/", credentials)
            #expect(objects.values.sorted() == [3], "\(objects)")
            // An upload the store refuses (another agent's job) is deleted from the bucket.
            let other = try await AgentAPITests.registerAgent(client)
            #expect(try await Self.upload(client, job: job, path: "other.bin", bytes: [9, 9], token: other).status == .conflict)
            #expect(try await moto.objects(in: "ci-artifacts", prefix: "team/ios/", credentials).count == 1)

            // An object deleted behind the server's back: 404 naming the artifact.
            let replacedID = try #require(again.body["id"] as? Int)
            let key = try #require(objects.keys.first)
            try await moto.deleteObject(key, in: "ci-artifacts", credentials)
            let missing = try await client.send(.get, "/api/v1/artifacts/\(replacedID)")
            #expect(missing.status == .notFound)
            #expect(missing.body.errorCode == "artifact_missing")
            #expect(missing.body.errorMessage?.contains("artifact \(replacedID) is recorded but its object") == true, "\(missing.body)")
            #expect(missing.body.errorMessage?.contains("http") == false, "no object URL: \(missing.body)")
        }
        #expect(!logs.all.contains { $0.contains(credentials.secret) }, "the secret key is never logged")
    }

    @Test("a wrong secret key, an unknown bucket, an unreachable endpoint: 503 artifact_storage_unavailable, why in the log only, nothing recorded",
          .enabled(if: enabled, MotoS3.skipReason))
    func refusals() async throws {
        let (moto, credentials) = try await Self.bucket("ci-artifacts")
        defer { moto.stop() }
        var wrongSecret = moto.settings(bucket: "ci-artifacts", prefix: "", credentials)
        wrongSecret.secretAccessKey = "not-the-secret-key"
        var noBucket = moto.settings(bucket: "no-such-bucket", prefix: "", credentials)
        noBucket.prefix = "x/"
        var unreachable = moto.settings(bucket: "ci-artifacts", prefix: "", credentials)
        unreachable.endpoint = "http://127.0.0.1:1"
        let cases: [(S3ArtifactSettings, String)] = [
            (wrongSecret, "SignatureDoesNotMatch"), (noBucket, "NoSuchBucket"), (unreachable, "cannot be reached"),
        ]
        for (settings, reason) in cases {
            let logs = RecordedLogs()
            let server = try await TestServer.make(logs: logs, configure: { $0.artifacts = .s3(settings) })
            let staging = server.directory.appendingPathComponent("db/artifacts/incoming").path
            let container = server.server.container
            try await server.test { client in
                let (agent, job) = try await ArtifactAPITests.runningJob(client)
                let upload = try await Self.upload(client, job: job, path: "App.ipa", bytes: [1, 2, 3], token: agent)
                #expect(upload.status == .serviceUnavailable, "\(reason): \(upload.body)")
                #expect(upload.body.errorCode == "artifact_storage_unavailable")
                #expect(upload.body.errorMessage?.contains(reason) == false, "what failed is the log's: \(upload.body)")
                #expect(upload.body.errorMessage?.contains("127.0.0.1") == false, "no endpoint or object URL: \(upload.body)")
                #expect(upload.headers[.retryAfter] != nil)
                let listed = try await client.send(.get, "/api/v1/jobs/\(job)/artifacts")
                #expect((listed.body["artifacts"] as? [Any])?.isEmpty == true)
                #expect(((try? FileManager.default.contentsOfDirectory(atPath: staging)) ?? []).isEmpty, "a refused upload leaves no staged file")

                // A recorded artifact cannot be read either: the same answer for a download.
                let agents = try await client.send(.get, "/api/v1/agents")
                let agentID = try #require((agents.body["agents"] as? [[String: Any]])?.first?["id"] as? Int)
                let store = try await container.resolve((any ArtifactStore).self)
                let recorded = try await store.recordArtifact(
                    jobID: Int64(job), agentID: Int64(agentID), path: "kept.bin", size: 3, sha256: Self.sha256([1, 2, 3]), storedAs: "kept", now: Date())
                let download = try await client.send(.get, "/api/v1/artifacts/\(recorded.artifact.id)")
                #expect(download.status == .serviceUnavailable, "\(reason): \(download.body)")
                #expect(download.body.errorMessage == upload.body.errorMessage, "\(download.body)")
            }
            #expect(logs.all.filter { $0.hasPrefix("error artifact storage unavailable") && $0.contains(reason) }.count == 2, "\(logs.all.filter { $0.contains("artifact") })")
            #expect(!logs.all.contains { $0.contains(settings.secretAccessKey) })
        }
    }
}
