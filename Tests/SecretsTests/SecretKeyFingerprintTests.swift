import Foundation
import Testing
@testable import Secrets

/// A value's listing fingerprint, and a key that never prints itself.
struct SecretKeyFingerprintTests {
    @Test("a value's fingerprint is keyed: equal for equal values under one key, different under another, not the value's plain hash")
    func valueFingerprint() throws {
        let key = try SecretKey(text: String(repeating: "ab", count: 32))
        let other = try SecretKey(text: String(repeating: "cd", count: 32))
        let value = Array("android".utf8)
        let print = key.valueFingerprint(of: value)
        #expect(print.count == 8 && print.allSatisfy(\.isHexDigit))
        #expect(key.valueFingerprint(of: value) == print)
        #expect(key.valueFingerprint(of: Array("androiD".utf8)) != print)
        #expect(other.valueFingerprint(of: value) != print, "who lacks the key cannot test candidates against it")
        #expect(print != key.fingerprint, "the value's fingerprint is not the key's")
    }

    @Test("a key printed, debug-printed or dumped shows its fingerprint only")
    func neverPrinted() throws {
        let text = String(repeating: "ab", count: 32)
        let key = try SecretKey(text: text)
        var dumped = ""
        dump(key, to: &dumped)
        for shown in ["\(key)", String(reflecting: key), dumped, "\([key])"] {
            #expect(shown.contains(key.fingerprint), "\(shown)")
            #expect(!shown.contains("171"), "a byte of the key (0xab = 171) in: \(shown)")
            #expect(!shown.contains(key.text) && !shown.contains(text))
        }
    }
}
