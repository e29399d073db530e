import Core
import Crypto

/// Produces the headers a provider would send for a body and secret.
///
/// The server never needs this to accept deliveries. It exists so that tests of every
/// module, the CLI (replaying a stored delivery) and outgoing-webhook code sign bodies
/// exactly as GitHub and Bitbucket do, without each depending on swift-crypto.
public enum WebhookSigner {
    // MARK: Signatures

    /// `sha256=<lower-case hex HMAC-SHA256 of body keyed with secret>`, the value of GitHub's
    /// `X-Hub-Signature-256` and Bitbucket Cloud's `X-Hub-Signature`.
    public static func hmacSHA256Signature(body: [UInt8], secret: String) -> String {
        let key = SymmetricKey(data: Array(secret.utf8))
        let code = HMAC<SHA256>.authenticationCode(for: body, using: key)
        return "sha256=" + Hex.encode(code)
    }

    /// The header carrying the signature or token for `provider`, e.g. `X-Hub-Signature-256`.
    public static func signatureHeaderName(for provider: GitProvider) -> String {
        switch provider {
        case .github: "X-Hub-Signature-256"
        case .gitlab: "X-Gitlab-Token"
        case .bitbucket: "X-Hub-Signature"
        }
    }

    /// The signature header `provider` would send: an HMAC for GitHub and Bitbucket, the
    /// secret itself for GitLab, which sends its token in clear.
    public static func signatureHeader(for provider: GitProvider, body: [UInt8], secret: String) -> (name: String, value: String) {
        let name = signatureHeaderName(for: provider)
        switch provider {
        case .github, .bitbucket:
            return (name, hmacSHA256Signature(body: body, secret: secret))
        case .gitlab:
            return (name, secret)
        }
    }
}
