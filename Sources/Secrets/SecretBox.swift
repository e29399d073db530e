import Crypto
import Foundation
import MemberwiseInit

/// Seals secret values for storage with AES-256-GCM, each under a fresh random 96-bit nonce,
/// and opens them again.
///
/// A sealed value is `1` (the format's version) ‖ nonce (12 bytes) ‖ ciphertext ‖ tag (16
/// bytes). The caller's `context` (the secret's scope and name) is authenticated with it, so a
/// sealed value copied into another secret's row does not open there.
@MemberwiseInit(.public)
public struct SecretBox: Sendable {
    /// The format's version byte.
    static let version: UInt8 = 1
    /// Version, nonce and tag: what a sealed value adds to its plaintext.
    public static let overhead = 1 + 12 + 16

    /// The key values are sealed under.
    public let key: SecretKey

    /// `value` sealed, bound to `context`.
    public func seal(_ value: [UInt8], context: String) throws(SecretError) -> [UInt8] {
        do {
            let box = try AES.GCM.seal(value, using: SymmetricKey(data: key.bytes), authenticating: Array(context.utf8))
            // A 12-byte nonce, which `seal` makes when given none, always has a combined form.
            guard let combined = box.combined else { throw SecretError.corrupt(context: context, reason: "the cipher gave no combined form") }
            return [Self.version] + Array(combined)
        } catch let error as SecretError {
            throw error
        } catch {
            throw .corrupt(context: context, reason: "sealing failed: \(error)")
        }
    }

    /// The value `sealed` holds, if it was sealed under this key with this `context`.
    public func open(_ sealed: [UInt8], context: String) throws(SecretError) -> [UInt8] {
        guard sealed.count >= Self.overhead else {
            throw .corrupt(context: context, reason: "\(sealed.count) bytes is shorter than a sealed value (\(Self.overhead))")
        }
        guard sealed[0] == Self.version else { throw .corrupt(context: context, reason: "unknown format version \(sealed[0])") }
        let box: AES.GCM.SealedBox
        do { box = try AES.GCM.SealedBox(combined: Array(sealed.dropFirst())) } catch {
            throw .corrupt(context: context, reason: "\(error)")
        }
        do {
            return Array(try AES.GCM.open(box, using: SymmetricKey(data: key.bytes), authenticating: Array(context.utf8)))
        } catch {
            throw .wrongKey(context: context)
        }
    }
}
