@testable import Artifacts
import ChildProcesses
import Foundation
import HTTPClient
import Testing
@testable import Server

/// A real S3 implementation on loopback: moto in server mode (`moto[server]` from PyPI, which
/// `make test` installs into `.build/test-venv`), one process per test, on a port of its own.
///
/// moto accepts any signature until told otherwise, so a test makes an IAM user with an
/// access key allowed `s3:*`, creates its bucket, then calls ``enforceSignatures()``: from
/// then on moto recomputes every request's SigV4 signature with botocore and refuses a
/// mismatch (`SignatureDoesNotMatch`) or an unknown key (`InvalidAccessKeyId`), as S3 does.
final class MotoS3: Sendable {
    /// `moto_server` beside the Python `MOBILE_OPS_TEST_PYTHON` names (the test venv's).
    static let executable: String? = ProcessInfo.processInfo.environment["MOBILE_OPS_TEST_PYTHON"].flatMap { python in
        let path = URL(fileURLWithPath: python).deletingLastPathComponent().appendingPathComponent("moto_server").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }
    /// Under `CI=true` a missing moto is a failure, not a skip.
    static let required = ProcessInfo.processInfo.environment["CI"] == "true"
    /// Why the S3 tests are skipped when they are.
    static let skipReason: Comment = "needs moto_server from `make test` (pip install 'moto[server]' into .build/test-venv, found through MOBILE_OPS_TEST_PYTHON)"
    /// The region every test signs for.
    static let region = "us-east-1"

    /// `http://127.0.0.1:<port>`.
    let endpoint: String
    /// The moto process (its own process group, so stopping it stops its workers too).
    private let process: ProcessGroup
    /// Where moto writes its output (its port is read from there).
    private let log: String
    /// Our client, which signs what it sends to moto.
    private let http = HTTPClient()

    /// Wraps a started moto.
    private init(endpoint: String, process: ProcessGroup, log: String) {
        self.endpoint = endpoint
        self.process = process
        self.log = log
    }

    /// Starts moto on a free port and waits (at most 120 s: a bound for a moto that cannot
    /// start, not a measure; Python's imports alone take seconds on a loaded machine) until it answers.
    static func start() async throws -> MotoS3 {
        let executable = try #require(Self.executable, "MOBILE_OPS_TEST_PYTHON must name the test venv's Python, beside moto_server (make test sets it up)")
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("moto-\(UUID().uuidString).log").path
        let process = try ProcessGroup.spawn(.command(executable, ["-H", "127.0.0.1", "-p", "0"]), outputPath: log, errorPath: log)
        let deadline = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now < deadline, process.isRunning {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if let range = text.range(of: #"Running on http://127\.0\.0\.1:\d+"#, options: .regularExpression) {
                let moto = MotoS3(endpoint: String(text[range].dropFirst("Running on ".count)), process: process, log: log)
                if (try? await moto.http.get(moto.endpoint + "/"))?.status == 200 { return moto }
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        process.terminate(grace: .seconds(1))
        throw MotoError(message: "moto_server did not start: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    }

    /// Ends moto and removes its log.
    func stop() {
        process.terminate(grace: .seconds(2))
        try? FileManager.default.removeItem(atPath: log)
    }

    // MARK: Setting up

    /// An IAM user allowed everything on S3, and its access key: (id, secret).
    func makeCredentials() async throws -> (id: String, secret: String) {
        _ = try await iam("Action=CreateUser&UserName=mobile-ops")
        let policy = #"{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"s3:*","Resource":"*"}]}"#
        let encoded = try #require(policy.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        _ = try await iam("Action=PutUserPolicy&UserName=mobile-ops&PolicyName=s3&PolicyDocument=\(encoded)")
        let key = try await iam("Action=CreateAccessKey&UserName=mobile-ops")
        let id = try #require(S3ArtifactStorage.field("AccessKeyId", in: Array(key.utf8)))
        let secret = try #require(S3ArtifactStorage.field("SecretAccessKey", in: Array(key.utf8)))
        return (id, secret)
    }

    /// Creates `bucket` with a signed PUT through our client.
    func createBucket(_ bucket: String, _ credentials: (id: String, secret: String)) async throws {
        let response = try await http.execute(.init(method: .put, url: "\(endpoint)/\(bucket)", awsSigV4: signing(credentials)))
        #expect(response.status == 200, "\(response.bodyText)")
    }

    /// From now on, every request must carry a valid signature of a known key.
    func enforceSignatures() async throws {
        let response = try await http.execute(.init(method: .post, url: endpoint + "/moto-api/reset-auth", headers: ["Content-Type": "text/plain"], text: "0"))
        #expect(response.status == 200, "\(response.bodyText)")
    }

    /// The settings of a server storing in `bucket` under `prefix`.
    func settings(bucket: String, prefix: String, _ credentials: (id: String, secret: String)) -> S3ArtifactSettings {
        S3ArtifactSettings(bucket: bucket, prefix: prefix, endpoint: endpoint, region: Self.region, accessKeyID: credentials.id, secretAccessKey: credentials.secret)
    }

    // MARK: Looking inside

    /// The keys and sizes of the objects in `bucket` under `prefix` (a signed ListObjectsV2).
    func objects(in bucket: String, prefix: String, _ credentials: (id: String, secret: String)) async throws -> [String: Int] {
        // Parameters in sorted order and no percent-encoding: the query string curl signs as it is.
        let response = try await http.execute(.init(url: "\(endpoint)/\(bucket)?list-type=2&prefix=\(prefix)", awsSigV4: signing(credentials)))
        #expect(response.status == 200, "\(response.bodyText)")
        var objects: [String: Int] = [:]
        for entry in response.bodyText.components(separatedBy: "<Contents>").dropFirst() {
            let bytes = Array(entry.utf8)
            if let key = S3ArtifactStorage.field("Key", in: bytes), let size = S3ArtifactStorage.field("Size", in: bytes).flatMap(Int.init) {
                objects[key] = size
            }
        }
        return objects
    }

    /// Deletes one object (a signed DELETE), as an operator or a lifecycle rule might.
    func deleteObject(_ key: String, in bucket: String, _ credentials: (id: String, secret: String)) async throws {
        let response = try await http.execute(.init(method: .delete, url: "\(endpoint)/\(bucket)/\(key)", awsSigV4: signing(credentials)))
        #expect(response.status == 204, "\(response.bodyText)")
    }

    // MARK: Helpers

    /// A form POST to moto's IAM; answers the XML. IAM calls come before signatures are enforced.
    private func iam(_ form: String) async throws -> String {
        let signing = AWSSigV4(accessKeyID: "AKIASETUP", secretAccessKey: "setup", region: Self.region, service: "iam")
        let response = try await http.execute(.init(
            method: .post, url: endpoint + "/", headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: Array("\(form)&Version=2010-05-08".utf8), awsSigV4: signing))
        #expect(response.status == 200, "\(response.bodyText)")
        return response.bodyText
    }

    /// SigV4 settings for S3 with `credentials`.
    private func signing(_ credentials: (id: String, secret: String)) -> AWSSigV4 {
        AWSSigV4(accessKeyID: credentials.id, secretAccessKey: credentials.secret, region: Self.region)
    }

    /// moto could not be started.
    struct MotoError: Error, CustomStringConvertible {
        /// What went wrong, with moto's output.
        let message: String
        /// The message.
        var description: String { message }
    }
}
