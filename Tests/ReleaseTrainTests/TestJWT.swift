import Crypto
import Foundation
import HTTPClient
import Testing
import _CryptoExtras

// MARK: - Decoding and verifying JWTs

/// A JWT split into its parts, as a store would check it.
struct DecodedJWT {
    var header: [String: Any]
    var claims: [String: Any]
    /// `header.claims`, the signed bytes.
    var signingInput: String
    var signature: Data

    init(_ token: String) throws {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        try #require(parts.count == 3, "a JWT has three parts")
        header = try #require(try JSONSerialization.jsonObject(with: try Self.base64URL(parts[0])) as? [String: Any])
        claims = try #require(try JSONSerialization.jsonObject(with: try Self.base64URL(parts[1])) as? [String: Any])
        signingInput = parts[0] + "." + parts[1]
        signature = try Self.base64URL(parts[2])
        #expect(!parts.joined().contains("="), "base64url without padding")
    }

    /// Whether an RSA public key verifies the signature (RS256: PKCS#1 v1.5 over SHA-256).
    func verifiesRS256(_ key: _RSA.Signing.PublicKey) -> Bool {
        key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: Data(signingInput.utf8), padding: .insecurePKCS1v1_5)
    }

    /// Whether a P-256 public key verifies the raw `r || s` signature (ES256).
    func verifiesES256(_ key: P256.Signing.PublicKey) -> Bool {
        guard let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
        return key.isValidSignature(ecdsa, for: Data(signingInput.utf8))
    }

    static func base64URL(_ text: String) throws -> Data {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return try #require(Data(base64Encoded: base64), "not base64url: \(text)")
    }
}

// MARK: - Clients

/// A client that shuts itself down after `body`, so tests cannot leak transfer threads.
func withClient<T>(_ body: (HTTPClient) async throws -> T) async throws -> T {
    let client = HTTPClient()
    do {
        let result = try await body(client)
        await client.shutdown()
        return result
    } catch {
        await client.shutdown()
        throw error
    }
}
