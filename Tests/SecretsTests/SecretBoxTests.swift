import Foundation
@testable import Secrets
import Testing

/// Sealing with AES-256-GCM: a value opens only with its key and its context, and nothing
/// of it shows in what is stored.
@Suite("Sealed secrets")
struct SecretBoxTests {
    static let keyText = "q83vEjRWeJASNFZ4kBI0VniQEjRWeJASNFZ4kBI0Vng="

    @Test("a key is 32 bytes in base64 or hexadecimal; anything else is refused without echoing it")
    func keys() throws {
        let base64 = try SecretKey(text: Self.keyText + "\n")
        let hex = try SecretKey(text: Data(base64Encoded: Self.keyText).map { $0.map { String(format: "%02x", $0) }.joined() } ?? "")
        #expect(base64 == hex && base64.text == Self.keyText)
        #expect(base64.fingerprint.count == 8 && base64.fingerprint != SecretKey.generate().fingerprint)
        for bad in ["", "c2hvcnQ=", String(repeating: "z", count: 64), Self.keyText + "AAAA"] {
            #expect(throws: SecretError.self) { try SecretKey(text: bad) }
            do { _ = try SecretKey(text: bad) } catch { #expect(bad.isEmpty || !error.description.contains(bad)) }
        }
    }

    @Test("a sealed value opens with its key and context only, each seal under a new nonce")
    func roundTrip() throws {
        let box = SecretBox(key: try SecretKey(text: Self.keyText))
        let value = Array("keystore-password-41".utf8)
        let sealed = try box.seal(value, context: "acme/app:KEYSTORE_PASSWORD")
        let again = try box.seal(value, context: "acme/app:KEYSTORE_PASSWORD")
        #expect(sealed != again, "a fresh nonce per seal")
        #expect(sealed.count == value.count + SecretBox.overhead)
        #expect(sealed.firstRange(of: value) == nil && sealed.firstRange(of: Array("keystore".utf8)) == nil)
        #expect(try box.open(sealed, context: "acme/app:KEYSTORE_PASSWORD") == value)

        #expect(throws: SecretError.wrongKey(context: "acme/app:OTHER")) { try box.open(sealed, context: "acme/app:OTHER") }
        #expect(throws: SecretError.wrongKey(context: "acme/app:KEYSTORE_PASSWORD")) {
            try SecretBox(key: SecretKey.generate()).open(sealed, context: "acme/app:KEYSTORE_PASSWORD")
        }
        var flipped = sealed
        flipped[20] ^= 1
        #expect(throws: SecretError.wrongKey(context: "acme/app:KEYSTORE_PASSWORD"), "an altered byte fails the tag") {
            try box.open(flipped, context: "acme/app:KEYSTORE_PASSWORD")
        }
        #expect(throws: SecretError.self) { try box.open(Array(sealed.prefix(10)), context: "c") }
        var future = sealed
        future[0] = 2
        #expect(throws: SecretError.corrupt(context: "c", reason: "unknown format version 2")) { try box.open(future, context: "c") }
    }

    @Test("a binary file of 1 MiB seals and opens whole")
    func binary() throws {
        let box = SecretBox(key: SecretKey.generate())
        let keystore = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
        #expect(try box.open(try box.seal(keystore, context: "k"), context: "k") == keystore)
    }
}
