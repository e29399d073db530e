import Crypto
import Foundation

/// The 256-bit key every secret is sealed under (`MOBILE_OPS_SECRETS_KEY`, or a key file),
/// shared by every replica.
///
/// Kept as bytes rather than swift-crypto's `SymmetricKey`, which is not `Sendable`; each
/// seal or open makes its `SymmetricKey` from them.
public struct SecretKey: Sendable, Equatable {
    /// The key's 32 bytes.
    let bytes: [UInt8]

    /// The key written as text: 32 bytes in standard base64 (44 characters, as `openssl rand
    /// -base64 32` prints) or in hexadecimal (64 digits, as `openssl rand -hex 32` prints).
    /// Surrounding white space (a key file's final newline) is ignored.
    public init(text: String) throws(SecretError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.utf8.count == 64, let bytes = Self.hexadecimal(trimmed) {
            self.bytes = bytes
        } else if let data = Data(base64Encoded: trimmed), data.count == 32 {
            self.bytes = Array(data)
        } else {
            throw .invalidKey("expected 32 bytes as 44 base64 characters or 64 hexadecimal digits (openssl rand -base64 32), got \(trimmed.utf8.count) characters")
        }
    }

    /// A new random key.
    public static func generate() -> SecretKey {
        SecretKey(bytes: SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The key as base64 text, for a key file a person writes once.
    public var text: String { Data(bytes).base64EncodedString() }

    /// A short name of the key that reveals nothing of it (the first 8 hexadecimal digits of
    /// the SHA-256 of "mobile-ops secrets key" and the key): stored with each sealed value, so
    /// a server started with another key says which key a value needs.
    public var fingerprint: String {
        var hash = SHA256()
        hash.update(data: Array("mobile-ops secrets key".utf8))
        hash.update(data: bytes)
        return hash.finalize().prefix(4).map { String(format: "%02x", $0) }.joined()
    }

    /// The bytes of 64 hexadecimal digits, or nil.
    private static func hexadecimal(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var high: UInt8?
        for unit in text.utf8 {
            let nibble: UInt8
            switch unit {
            case 48...57: nibble = unit - 48
            case 97...102: nibble = unit - 87
            case 65...70: nibble = unit - 55
            default: return nil
            }
            if let first = high { bytes.append(first << 4 | nibble); high = nil } else { high = nibble }
        }
        return bytes.count == 32 ? bytes : nil
    }
}
