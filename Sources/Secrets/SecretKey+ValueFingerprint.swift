import Crypto
import Foundation

// MARK: - A value's fingerprint, and a key that never prints itself

extension SecretKey: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The short fingerprint of a value, for listings: the first 8 hexadecimal digits of an
    /// HMAC-SHA-256 of the value under a key derived from this one.
    ///
    /// A plain hash of a short value (a 6-digit PIN, `android`) could be reversed by trying
    /// every candidate; keyed by the secrets key, the fingerprint tells only whether two values
    /// are equal, to whoever lacks the key. Derived (an HMAC of a fixed label) so the cipher's
    /// key itself is used for nothing else. It changes when the key is rotated.
    public func valueFingerprint(of value: [UInt8]) -> String {
        let derived = HMAC<SHA256>.authenticationCode(for: Array("mobile-ops secret value fingerprint".utf8), using: SymmetricKey(data: bytes))
        let code = HMAC<SHA256>.authenticationCode(for: value, using: SymmetricKey(data: Array(derived)))
        return code.prefix(4).map { String(format: "%02x", $0) }.joined()
    }

    /// The fingerprint only: a key printed by mistake (a log line, an error) shows nothing of it.
    public var description: String { "SecretKey(\(fingerprint))" }

    /// The fingerprint only.
    public var debugDescription: String { description }

    /// No children: `dump` and reflection see the fingerprint only.
    public var customMirror: Mirror { Mirror(self, children: ["fingerprint": fingerprint]) }
}
