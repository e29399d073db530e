/// The outcome of checking a delivery's signature, with the reason when it fails.
///
/// A plain `Bool` would do for the decision, but a 401 that says "the header is missing"
/// versus "the signature does not match" saves the person configuring the hook an hour.
/// Mismatch deliberately says nothing about how close the signature was.
public enum SignatureCheck: Sendable, Equatable, CustomStringConvertible {
    /// The signature (or token) matches the repository's secret.
    case valid
    /// The repository has no webhook secret, so nothing can be verified; deliveries are refused.
    case secretNotConfigured
    /// The signature header is absent (its canonical spelling).
    case missingHeader(String)
    /// The header is present but not in the expected format, e.g. no `sha256=` prefix.
    case malformedHeader(header: String, expected: String)
    /// The header is well formed but does not match the secret and body.
    case mismatch

    // MARK: Reading

    /// Whether the delivery may be processed.
    public var isValid: Bool { self == .valid }

    /// The message for a 401 answer.
    public var description: String {
        switch self {
        case .valid:
            "the signature is valid"
        case .secretNotConfigured:
            "the repository has no webhook secret; set one and configure the same secret on the hook"
        case .missingHeader(let name):
            "the request has no \(name) header; set a secret on the webhook so the provider signs its deliveries"
        case .malformedHeader(let header, let expected):
            "the \(header) header is not in the expected format (\(expected))"
        case .mismatch:
            "the signature does not match; the secret on the hook differs from the repository's webhook secret, or the body was altered in transit"
        }
    }

    /// A stable snake_case code for the API's error body.
    public var code: String {
        switch self {
        case .valid: "valid"
        case .secretNotConfigured: "webhook_secret_not_configured"
        case .missingHeader: "missing_signature"
        case .malformedHeader: "malformed_signature"
        case .mismatch: "signature_mismatch"
        }
    }
}
