import Foundation
@testable import Secrets
import Testing

/// Masking a job's output: every form of a value becomes `***`, whole or split between
/// chunks, and nothing else changes.
@Suite("Masking secrets in output")
struct SecretMaskerTests {
    static let token = "ghp_R3alLyS3cretT0ken9876"
    static let masker = SecretMasker(values: [Array(token.utf8)])

    private static func masked(_ text: String, by masker: SecretMasker = masker) -> String {
        masker.mask(text)
    }

    @Test("the value, its percent-encoding and its JSON escaping are masked; other text is left alone")
    func plainForms() {
        #expect(Self.masked("token=\(Self.token) done") == "token=*** done")
        #expect(Self.masked("nothing secret here") == "nothing secret here")
        let awkward = SecretMasker(values: [Array("p@ss/wörd \"x\"".utf8)])
        #expect(Self.masked("url=https://ci:p%40ss%2Fw%C3%B6rd%20%22x%22@host", by: awkward) == "url=https://ci:***@host")
        #expect(Self.masked(#"{"password":"p@ss/wörd \"x\""}"#, by: awkward) == #"{"password":"***"}"#)
        #expect(Self.masked(#"{"password":"p@ss\/wörd \"x\""}"#, by: awkward) == #"{"password":"***"}"#)
    }

    @Test("percent-encoding in lower-case hexadecimal and form encoding (spaces as +) are masked too")
    func percentEncodingVariants() {
        let awkward = SecretMasker(values: [Array("p@ss/wörd \"x\" +1".utf8)])
        #expect(Self.masked("url=https://ci:p%40ss%2fw%c3%b6rd%20%22x%22%20%2b1@host", by: awkward) == "url=https://ci:***@host")
        #expect(Self.masked("password=p%40ss%2Fw%C3%B6rd+%22x%22+%2B1&user=ci", by: awkward) == "password=***&user=ci")
        #expect(Self.masked("password=p%40ss%2fw%c3%b6rd+%22x%22+%2b1&user=ci", by: awkward) == "password=***&user=ci")
    }

    @Test("a value that is not UTF-8 is masked as it is and in base64, and gets no text forms")
    func binaryValue() {
        // A keystore's start: bytes no UTF-8 text holds, a line break, characters URLs and JSON escape.
        let keystore: [UInt8] = [0xFE, 0xED, 0xFE, 0xED, 0x22, 0x25, 0x20, 0x0A] + Array("keystore body/0123456789".utf8) + [0x0A, 0xFF, 0x00]
        let masker = SecretMasker(values: [keystore])
        let base64Alphabet = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_".utf8))
        for pattern in masker.patterns where pattern != keystore {
            #expect(pattern.allSatisfy(base64Alphabet.contains), "a text form of a binary value: \(pattern)")
        }
        #expect(masker.patterns.contains(keystore))
        #expect(masker.mask(Array("cat: ".utf8) + keystore + [0x0A]) == Array("cat: ***\n".utf8))
        #expect(masker.mask(Array(Data(keystore).base64EncodedString().utf8)) == SecretMasker.replacement)
        #expect(masker.mask(Array("keystore body/0123456789".utf8)) == Array("keystore body/0123456789".utf8), "a line of a binary value is not masked alone")
    }

    @Test("a value escaped in XML text or an attribute (xcodebuild, property lists) is masked")
    func xmlEscaping() {
        let awkward = SecretMasker(values: [Array("p<a&s>s\"wo'rd".utf8)])
        #expect(Self.masked("<string>p&lt;a&amp;s&gt;s&quot;wo&apos;rd</string>", by: awkward) == "<string>***</string>")
        #expect(Self.masked("<key>TOKEN</key><string>\(Self.token)</string>") == "<key>TOKEN</key><string>***</string>")
    }

    @Test("each line of a multi-line value is masked alone; values too short to mask are left")
    func linesAndShortValues() {
        let pem = "-----BEGIN KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END KEY-----"
        let masker = SecretMasker(values: [Array(pem.utf8), Array("abc".utf8)])
        #expect(Self.masked("line: MIIEvQIBADANBgkqhkiG9w0BAQEFAASC", by: masker) == "line: ***")
        #expect(Self.masked(pem, by: masker) == "***")
        #expect(Self.masked("abc abc", by: masker) == "abc abc", "a 3-byte value would blank every log")
        #expect(SecretMasker(values: [[]]).isEmpty)
    }

    @Test("base64 of the value is masked alone and inside longer base64 at any offset, leaving at most one character of it")
    func base64() throws {
        #expect(Self.masked(Data(Self.token.utf8).base64EncodedString()) == "***")
        // `Authorization: Basic base64(user:token)`: "ci:" is 3 bytes, so the token starts a group.
        #expect(Self.masked("Basic " + Data("ci:\(Self.token)".utf8).base64EncodedString()) == "Basic Y2k6***")
        let token = Array(Self.token.utf8)
        for prefixLength in 0..<6 {
            for suffix in ["", "x", "xy", "\n--more output--"] {
                let encoded = Array(Data(Array(repeating: UInt8(ascii: "u"), count: prefixLength) + token + Array(suffix.utf8)).base64EncodedString().utf8)
                for alphabet in [encoded, encoded.map { $0 == 0x2B ? 0x2D : $0 == 0x2F ? 0x5F : $0 }] {
                    let masked = Self.masker.mask(alphabet)
                    let star = try #require(masked.firstRange(of: SecretMasker.replacement), "offset \(prefixLength), suffix \(suffix.count)")
                    let removed = alphabet.count - (masked.count - SecretMasker.replacement.count)
                    // The characters holding the token's bits: from floor(4p/3) to ceil(4(p+n)/3).
                    let start = prefixLength * 4 / 3
                    let end = ((prefixLength + token.count) * 4 + 2) / 3
                    #expect(star.lowerBound <= start + 1 && star.lowerBound + removed >= end - 1,
                            "offset \(prefixLength), suffix \(suffix.count): \(String(decoding: masked, as: UTF8.self))")
                }
            }
        }
    }

    @Test("a value split between two chunks at any point is masked whole, and the stream gives what mask gives")
    func splitAcrossChunks() {
        let line = Array("export TOKEN=\(Self.token); echo \(Self.token)\n".utf8)
        let whole = Self.masker.mask(line)
        #expect(String(decoding: whole, as: UTF8.self) == "export TOKEN=***; echo ***\n")
        for split in 0...line.count {
            var stream = Self.masker.stream()
            let output = stream.feed(Array(line[..<split])) + stream.feed(Array(line[split...])) + stream.finish()
            #expect(output == whole, "split at \(split)")
        }
        var stream = Self.masker.stream()
        var output: [UInt8] = []
        for byte in line { output += stream.feed([byte]) }
        #expect(output + stream.finish() == whole, "one byte per chunk")
    }

    @Test("a held-back start is released when the next chunk shows it is not a secret; a longer value is not cut short by a shorter one")
    func heldBack() {
        var stream = Self.masker.stream()
        #expect(stream.feed(Array("see ghp_R3al".utf8)) == Array("see ".utf8) && stream.isHolding)
        #expect(stream.feed(Array("ity check\n".utf8)) == Array("ghp_R3ality check\n".utf8) && !stream.isHolding)

        let nested = SecretMasker(values: [Array("secret".utf8), Array("secret-and-more".utf8)])
        var both = nested.stream()
        let output = both.feed(Array("a secret-and".utf8)) + both.feed(Array("-more b secret c".utf8)) + both.finish()
        #expect(String(decoding: output, as: UTF8.self) == "a *** b *** c")
    }

    @Test("two values whose matches overlap are masked as one, whole or split at any point")
    func overlapping() {
        let masker = SecretMasker(values: [Array("alpha-beta".utf8), Array("beta-gamma".utf8)])
        let line = Array("x alpha-beta-gamma y alpha-beta z\n".utf8)
        let whole = masker.mask(line)
        #expect(String(decoding: whole, as: UTF8.self) == "x *** y *** z\n", "no tail of beta-gamma is left")
        for split in 0...line.count {
            var stream = masker.stream()
            #expect(stream.feed(Array(line[..<split])) + stream.feed(Array(line[split...])) + stream.finish() == whole, "split at \(split)")
        }
    }
}
