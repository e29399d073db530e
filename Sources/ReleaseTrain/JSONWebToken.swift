import Crypto
import Foundation
import _CryptoExtras

// MARK: - JSONWebToken

/// Compact JWTs (RFC 7519) signed with RS256 (Google service accounts) or ES256 (App Store
/// Connect keys). Only what the store APIs need: no parsing, no other algorithms.
enum JSONWebToken {
    /// The JOSE header: algorithm, type and the key's id.
    struct Header: Encodable {
        var alg: String
        var kid: String
        var typ = "JWT"
    }

    /// `header.claims.signature` with an RSA key, PKCS#1 v1.5 padding over SHA-256 (RS256).
    static func rs256(keyID: String, claims: some Encodable, key: _RSA.Signing.PrivateKey) throws -> String {
        let input = try signingInput(Header(alg: "RS256", kid: keyID), claims)
        let signature = try key.signature(for: Data(input.utf8), padding: .insecurePKCS1v1_5)
        return input + "." + base64URL(signature.rawRepresentation)
    }

    /// `header.claims.signature` with a P-256 key (ES256): the signature is the raw 64-byte
    /// `r || s`, not DER, as JWS requires.
    static func es256(keyID: String, claims: some Encodable, key: P256.Signing.PrivateKey) throws -> String {
        let input = try signingInput(Header(alg: "ES256", kid: keyID), claims)
        let signature = try key.signature(for: Data(input.utf8))
        return input + "." + base64URL(signature.rawRepresentation)
    }

    // MARK: Encoding

    /// `base64url(header) "." base64url(claims)`.
    static func signingInput(_ header: Header, _ claims: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return base64URL(try encoder.encode(header)) + "." + base64URL(try encoder.encode(claims))
    }

    /// Base64url without padding (RFC 7515 §2).
    static func base64URL(_ data: some DataProtocol) -> String {
        Data(data).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
