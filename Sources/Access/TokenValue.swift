import Core
import Crypto
import Foundation

/// The text of a bearer token: `<prefix>_<id>_<secret>`.
///
/// Prefixes tell token kinds apart at a glance and in secret scanners: `mo` for API tokens,
/// `mor` for agent registration tokens, `moa` for an agent's own token.
///
/// The public id lets the server find the stored row without a secret-dependent lookup;
/// the secret is 32 random bytes. Only the SHA-256 of the whole value is stored, and the
/// comparison with it runs in constant time. A fast hash is right here (unlike for
/// passwords) because the secret has 256 bits of entropy: there is nothing to brute-force.
struct TokenValue: Sendable, Equatable {
    /// The public id part.
    let id: String
    /// The whole token as the user sends it.
    let text: String

    /// A new random token of the given kind.
    static func generate(prefix: String = "mo") -> TokenValue {
        let id = Hex.random(byteCount: 6)
        let secret = Hex.random(byteCount: 32)
        return TokenValue(id: id, text: "\(prefix)_\(id)_\(secret)")
    }

    /// Parses a token the user sent; nil when it does not have our shape and prefix.
    init?(parsing text: String, prefix: String = "mo") {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == prefix, !parts[1].isEmpty, parts[1].count <= 64,
              parts[2].count >= 16, parts[2].count <= 256
        else { return nil }
        self.init(id: String(parts[1]), text: text)
    }

    /// Wraps an operator-supplied admin token of any shape (`--admin-token`).
    ///
    /// Its id is derived from its hash, so the same configured value always maps to the same row.
    static func configured(_ text: String) -> TokenValue {
        configured(text, hash: Self.hash(text))
    }

    /// ``configured(_:)`` for a caller that has the value's hash already (a request's check).
    static func configured(_ text: String, hash: String) -> TokenValue {
        TokenValue(id: "cfg" + String(hash.prefix(9)), text: text)
    }

    private init(id: String, text: String) {
        self.id = id
        self.text = text
    }

    /// Hex SHA-256 of the whole token: what the store keeps.
    var hash: String { Self.hash(text) }

    /// Hex SHA-256 of a string.
    static func hash(_ text: String) -> String {
        SHA256.hash(data: Array(text.utf8)).withUnsafeBytes { Hex.encode($0) }
    }

    /// Compares two hex digests without an early exit, so timing reveals nothing.
    static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8)
        let b = Array(rhs.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices {
            difference |= a[index] ^ b[index]
        }
        return difference == 0
    }
}
