import Crypto
import Foundation
import HTTPClient
import Testing
import TestSupport

/// The real `mobile-ops-server` binary configured for S3 the way an operator does it, through
/// environment variables (`MOBILE_OPS_ARTIFACTS`, `MOBILE_OPS_S3_*`, the `AWS_*` fallbacks),
/// storing in moto: a 6 MB artifact uploaded by file through the agent API comes back through
/// the API streamed, with the same SHA-256.
@Suite("An S3-configured server process (moto on loopback)", .timeLimit(.minutes(3)))
struct S3ArtifactProcessTests {
    @Test("MOBILE_OPS_ARTIFACTS=s3://bucket/prefix with keys from AWS_*: a large artifact round-trips through the bucket",
          .enabled(if: S3ArtifactStorageTests.enabled, MotoS3.skipReason))
    func environmentConfiguredRoundTrip() async throws {
        let (moto, credentials) = try await S3ArtifactStorageTests.bucket("replicas")
        defer { moto.stop() }
        try await ServerProcess.with(environment: [
            "MOBILE_OPS_ARTIFACTS": "s3://replicas/mobile-ops/artifacts",
            "MOBILE_OPS_S3_ENDPOINT": moto.endpoint,
            "MOBILE_OPS_S3_REGION": MotoS3.region,
            // The standard names, as an operator with the AWS tools' variables set would have.
            "AWS_ACCESS_KEY_ID": credentials.id,
            "AWS_SECRET_ACCESS_KEY": credentials.secret,
        ]) { server in
            try TestPipelines.ci.write(to: server.folder.appendingPathComponent("pipelines/app-ci.yml"), atomically: true, encoding: .utf8)
            try await server.start()

            // A running job held by an agent.
            try await server.call("POST", "/api/v1/repositories", json: #"{"name": "acme/ios-app", "provider": "github", "cloneURL": "https://github.com/acme/ios-app.git"}"#)
            try await server.call("POST", "/api/v1/builds", json: #"{"pipeline": "app-ci", "branch": "main", "commit": "abc123"}"#)
            let registration = try await server.call("POST", "/api/v1/agents/tokens", json: #"{"name": "fleet"}"#)
            let registrationToken = try #require(registration.body["token"] as? String)
            let registered = try await server.call("POST", "/api/v1/agents/register", token: registrationToken, json: #"{"name": "mac-1", "tags": {"platform": "ios"}, "slots": 1}"#)
            let agent = try #require(registered.body["token"] as? String)
            let next = try await server.call("POST", "/api/v1/agent/jobs/next?wait=0", token: agent)
            let job = try #require(next.body["jobID"] as? Int, "\(next)")
            try await server.call("POST", "/api/v1/agent/jobs/\(job)/start", token: agent)

            // The agent uploads from a file, as it does for real.
            let file = server.folder.appendingPathComponent("App.ipa")
            let bytes = await TestBytes.make(6_000_000)
            try Data(bytes).write(to: file)
            let digest = SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
            let uploaded = try await server.http.execute(.init(
                method: .put, url: "\(server.url)/api/v1/agent/jobs/\(job)/artifacts?path=build/App.ipa",
                headers: ["Authorization": "Bearer \(agent)", "Content-Type": "application/octet-stream"], bodyFile: file.path, timeout: .seconds(60)))
            #expect(uploaded.status == 201, "\(uploaded.bodyText)")
            let artifact = try #require(try JSONSerialization.jsonObject(with: Data(uploaded.body)) as? [String: Any])
            #expect(artifact["sha256"] as? String == digest)
            let objects = try await moto.objects(in: "replicas", prefix: "mobile-ops/artifacts/", credentials)
            #expect(objects.values.sorted() == [bytes.count], "one object under the prefix: \(objects)")

            // Downloaded streamed, hashed piece by piece.
            let id = try #require(artifact["id"] as? Int)
            let download = try await server.http.stream(.init(url: "\(server.url)/api/v1/artifacts/\(id)", headers: ["Authorization": "Bearer \(ServerProcess.adminToken)"]))
            #expect(download.status == 200)
            #expect(download.header("X-Artifact-SHA256") == digest)
            var hasher = SHA256()
            var count = 0
            for try await piece in download.body {
                hasher.update(data: piece)
                count += piece.count
            }
            #expect(count == bytes.count)
            #expect(hasher.finalize().map { String(format: "%02x", $0) }.joined() == digest)

            let log = (try? String(contentsOf: server.folder.appendingPathComponent("server-1.log"), encoding: .utf8)) ?? ""
            #expect(log.contains("s3://replicas/mobile-ops/artifacts/ at \(moto.endpoint)"), "the start-up log names the storage")
            #expect(!log.contains(credentials.secret), "the secret key is never logged")
        }
    }
}
