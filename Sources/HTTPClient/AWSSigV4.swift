import MemberwiseInit

// MARK: - AWSSigV4

/// Credentials and scope for signing a request with AWS Signature Version 4, which libcurl
/// computes itself (`CURLOPT_AWS_SIGV4`, libcurl 7.75 and later).
///
/// S3 and the services that copy its API (MinIO, Ceph RGW, moto) accept the result. curl signs
/// the host, `x-amz-date`, `content-type` and every `x-amz-*` header the request carries, and
/// takes the payload hash from an `x-amz-content-sha256` header when there is one.
@MemberwiseInit(.public)
public struct AWSSigV4: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The access key id, e.g. `AKIA…`; it names the key in the signature's scope.
    public var accessKeyID: String
    /// The secret access key; it never leaves this process (only HMACs made with it do).
    public var secretAccessKey: String
    /// The region in the signature's scope, e.g. `us-east-1`.
    public var region: String
    /// The service in the signature's scope, e.g. `s3`.
    public var service: String = "s3"

    /// `CURLOPT_AWS_SIGV4`'s parameter: "aws:amz" gives the `AWS4-HMAC-SHA256` algorithm,
    /// `x-amz-date` and the `aws4_request` scope; region and service are given explicitly
    /// because curl would otherwise guess them from an AWS host name, and our endpoints are
    /// often an IP address (MinIO, moto) or a custom name.
    var curlParameter: String {
        "aws:amz:\(self.region):\(self.service)"
    }

    /// Whether `x-amz-content-sha256` must be sent: S3 refuses a signed request without it,
    /// and libcurl before 8.1 never adds it.
    var needsContentHashHeader: Bool {
        self.service == "s3"
    }

    /// The value sent when the caller gave no payload hash: S3's documented marker for a
    /// body that is not part of the signature (the rest of the request still is).
    static let unsignedPayload = "UNSIGNED-PAYLOAD"

    /// The scope without the secret, so a logged request cannot leak it.
    public var description: String {
        "AWSSigV4(\(self.accessKeyID)/\(self.region)/\(self.service), secret redacted)"
    }

    /// Same as `description`: `print(request)` and string interpolation use this one.
    public var debugDescription: String {
        self.description
    }
}
