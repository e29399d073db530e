import Crypto
import Foundation
import _CryptoExtras

// MARK: - DecodedJWT

/// A JWT split into its parts, as a store (App Store Connect, Google's token endpoint) would
/// check it.
public struct DecodedJWT {
    /// The header's members.
    public var header: [String: Any]
    /// The claims.
    public var claims: [String: Any]
    /// `header.claims`, the signed bytes.
    public var signingInput: String
    /// The signature's bytes.
    public var signature: Data

    /// Splits and decodes `token`; throws when it is not three base64url parts (without
    /// padding) of which the first two are JSON objects.
    public init(_ token: String) throws {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { throw JWTDecodingError("a JWT has three parts, not \(parts.count)") }
        guard !parts.joined().contains("=") else { throw JWTDecodingError("base64url is written without padding") }
        header = try Self.object(parts[0])
        claims = try Self.object(parts[1])
        signingInput = parts[0] + "." + parts[1]
        signature = try Self.base64URL(parts[2])
    }

    /// Whether an RSA public key verifies the signature (RS256: PKCS#1 v1.5 over SHA-256).
    public func verifiesRS256(_ key: _RSA.Signing.PublicKey) -> Bool {
        key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: Data(signingInput.utf8), padding: .insecurePKCS1v1_5)
    }

    /// Whether a P-256 public key verifies the raw `r || s` signature (ES256).
    public func verifiesES256(_ key: P256.Signing.PublicKey) -> Bool {
        guard let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
        return key.isValidSignature(ecdsa, for: Data(signingInput.utf8))
    }

    /// The bytes of base64url `text`, padded as Foundation wants it.
    public static func base64URL(_ text: String) throws -> Data {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64) else { throw JWTDecodingError("not base64url: \(text)") }
        return data
    }

    private static func object(_ part: String) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: try base64URL(part)) as? [String: Any] else {
            throw JWTDecodingError("not a JSON object: \(part)")
        }
        return object
    }
}

/// A token that is not a well-formed JWT.
public struct JWTDecodingError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
