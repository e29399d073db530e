import Artifacts
import Core
import Logging
import Testing

/// `MOBILE_OPS_ARTIFACTS` and the S3 settings as an operator writes them.
@Suite("Where artifacts are kept: MOBILE_OPS_ARTIFACTS")
struct ArtifactLocationTests {
    /// The location `environment` names.
    static func resolve(_ environment: [String: String]) throws(ConfigurationError) -> ArtifactLocation {
        try ArtifactLocation.resolve(environment: environment)
    }

    @Test("unset: beside the database; a path: that folder; s3://: a bucket with its settings, MOBILE_OPS_S3_* before AWS_*")
    func resolution() throws {
        #expect(try Self.resolve([:]) == .besideDatabase)
        #expect(try Self.resolve(["MOBILE_OPS_ARTIFACTS": "/mnt/ci-artifacts"]) == .folder("/mnt/ci-artifacts"))

        let aws = try Self.resolve([
            "MOBILE_OPS_ARTIFACTS": "s3://acme-ci/mobile-ops//artifacts/",
            "AWS_ACCESS_KEY_ID": "AKIAAWS", "AWS_SECRET_ACCESS_KEY": "aws-secret", "AWS_REGION": "eu-central-1",
        ])
        #expect(aws == .s3(S3ArtifactSettings(
            bucket: "acme-ci", prefix: "mobile-ops/artifacts/", endpoint: "https://s3.eu-central-1.amazonaws.com",
            region: "eu-central-1", accessKeyID: "AKIAAWS", secretAccessKey: "aws-secret")))

        let minio = try Self.resolve([
            "MOBILE_OPS_ARTIFACTS": "s3://acme-ci", "MOBILE_OPS_S3_ENDPOINT": "http://minio.internal:9000/",
            "MOBILE_OPS_S3_REGION": "home", "MOBILE_OPS_S3_ACCESS_KEY_ID": "minio", "MOBILE_OPS_S3_SECRET_ACCESS_KEY": "minio-secret",
            "AWS_ACCESS_KEY_ID": "ignored", "AWS_SECRET_ACCESS_KEY": "ignored", "AWS_REGION": "ignored",
        ])
        #expect(minio == .s3(S3ArtifactSettings(
            bucket: "acme-ci", prefix: "", endpoint: "http://minio.internal:9000", region: "home", accessKeyID: "minio", secretAccessKey: "minio-secret")))
        #expect(!"\(minio)".contains("minio-secret"), "descriptions leave the secret out: \(minio)")

        let defaults = try Self.resolve(["MOBILE_OPS_ARTIFACTS": "s3://acme-ci", "AWS_ACCESS_KEY_ID": "k", "AWS_SECRET_ACCESS_KEY": "s"])
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

    @Test("each location makes its storage: the default folder beside the database, a named folder as given, a bucket staging beside the database")
    func storages() {
        let logger = Logger(label: "artifacts-test")
        #expect(ArtifactLocation.besideDatabase.storage(databasePath: "/srv/ci/db.sqlite", logger: logger).description == "folder /srv/ci/artifacts")
        #expect(ArtifactLocation.folder("/mnt/ci/../cache/").storage(databasePath: "/srv/ci/db.sqlite", logger: logger).description == "folder /mnt/cache")
        let settings = S3ArtifactSettings(bucket: "acme-ci", endpoint: "http://127.0.0.1:1", region: "us-east-1", accessKeyID: "k", secretAccessKey: "s")
        let bucket = ArtifactLocation.s3(settings).storage(databasePath: "/srv/ci/db.sqlite", logger: logger)
        #expect(bucket.description == settings.description)
        #expect(bucket.stagingFolder == "/srv/ci/artifacts/incoming")
    }
}
