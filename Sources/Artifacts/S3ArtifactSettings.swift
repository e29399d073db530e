import Core
import MemberwiseInit

/// Where and how to reach the S3-compatible bucket that keeps artifacts
/// (`MOBILE_OPS_ARTIFACTS=s3://bucket/prefix`), from environment variables.
///
/// Requests use path-style addressing (`<endpoint>/<bucket>/<key>`), which AWS, MinIO, Ceph
/// RGW and moto all accept, so an endpoint needs no wildcard DNS name per bucket.
@MemberwiseInit(.public)
public struct S3ArtifactSettings: Sendable, Equatable, CustomStringConvertible {
    /// The bucket's name.
    public var bucket: String
    /// What every object key starts with: empty, or path segments ending in `/`.
    public var prefix: String = ""
    /// The service's base URL without a trailing slash, e.g. `https://s3.eu-west-1.amazonaws.com`.
    public var endpoint: String
    /// The region in the signature's scope.
    public var region: String
    /// The access key id.
    public var accessKeyID: String
    /// The secret access key; kept out of ``description``.
    public var secretAccessKey: String

    /// For logs: the bucket, prefix and endpoint, never the keys (a password in the
    /// endpoint's user info is masked).
    public var description: String {
        "s3://\(self.bucket)/\(self.prefix) at \(RedactedURL.masking(self.endpoint)) (region \(self.region))"
    }

    // MARK: Resolution

    /// Reads `url` (`s3://bucket/prefix`, from `setting`: `MOBILE_OPS_ARTIFACTS`, or the build
    /// cache's `MOBILE_OPS_CACHE`) and the other settings from `environment`, each
    /// `MOBILE_OPS_S3_*` name before the AWS tools' standard one.
    /// - Throws: `ConfigurationError` naming the variable at fault.
    public static func resolve(url: String, setting: String = "MOBILE_OPS_ARTIFACTS", environment: [String: String]) throws(ConfigurationError) -> S3ArtifactSettings {
        func value(_ names: String...) -> (value: String, name: String)? {
            for name in names {
                if let value = environment[name], !value.isEmpty { return (value, name) }
            }
            return nil
        }
        let location = url.dropFirst("s3://".count)
        let bucket = String(location.prefix { $0 != "/" })
        guard (3...63).contains(bucket.count), bucket.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._".contains($0)) }) else {
            throw ConfigurationError(
                setting: setting,
                message: "\(setting) must be s3://bucket/prefix with a bucket name of 3 to 63 letters, digits, '.', '-' or '_', not '\(url)'")
        }
        let segments = location.dropFirst(bucket.count).split(separator: "/")
        let prefix = segments.map { $0 + "/" }.joined()
        let region = value("MOBILE_OPS_S3_REGION", "AWS_REGION", "AWS_DEFAULT_REGION")?.value ?? "us-east-1"
        var endpoint = "https://s3.\(region).amazonaws.com"
        if let (given, name) = value("MOBILE_OPS_S3_ENDPOINT", "AWS_ENDPOINT_URL_S3", "AWS_ENDPOINT_URL") {
            let trimmed = given.hasSuffix("/") ? String(given.dropLast()) : given
            guard trimmed.hasPrefix("http://") || trimmed.hasPrefix("https://"), trimmed.split(separator: "/").count >= 2,
                !trimmed.contains("?"), !trimmed.contains("#")
            else {
                throw ConfigurationError(setting: name, message: "\(name) must be an http:// or https:// URL such as https://minio.internal:9000, not '\(given)'")
            }
            endpoint = trimmed
        }
        guard let (accessKeyID, _) = value("MOBILE_OPS_S3_ACCESS_KEY_ID", "AWS_ACCESS_KEY_ID") else {
            throw ConfigurationError(setting: "MOBILE_OPS_S3_ACCESS_KEY_ID", message: "\(setting) is an S3 bucket, so MOBILE_OPS_S3_ACCESS_KEY_ID (or AWS_ACCESS_KEY_ID) must be set")
        }
        guard let (secret, _) = value("MOBILE_OPS_S3_SECRET_ACCESS_KEY", "AWS_SECRET_ACCESS_KEY") else {
            throw ConfigurationError(setting: "MOBILE_OPS_S3_SECRET_ACCESS_KEY", message: "\(setting) is an S3 bucket, so MOBILE_OPS_S3_SECRET_ACCESS_KEY (or AWS_SECRET_ACCESS_KEY) must be set")
        }
        return S3ArtifactSettings(bucket: bucket, prefix: prefix, endpoint: endpoint, region: region, accessKeyID: accessKeyID, secretAccessKey: secret)
    }
}
