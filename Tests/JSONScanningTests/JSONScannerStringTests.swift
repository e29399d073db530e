import Foundation
import JSONScanning
import Testing

/// Strings: escapes, `\u` and surrogate pairs, what is refused and where.
struct JSONScannerStringTests {
    private func string(_ text: String) throws -> String {
        try scanning(text) { scanner in
            let value = try scanner.string()
            #expect(scanner.isAtEnd, "\(text) read to its end")
            return value
        }
    }

    @Test func escapesAreDecoded() throws {
        #expect(try string(#""plain ✅ text""#) == "plain ✅ text")
        #expect(try string(#""a\"b\\c\/d\n\t\r\b\f""#) == "a\"b\\c/d\n\t\r\u{08}\u{0C}")
        #expect(try string(#""\u00e9\u2705 \u00E9""#) == "é✅ é")
        #expect(try string(#""""#) == "")
    }

    @Test func surrogatePairsMakeOneCharacterAndLoneHalvesAreReplaced() throws {
        #expect(try string(#""\ud83d\ude80""#) == "🚀")
        #expect(try string(#""\uD83D\uDE80!""#) == "🚀!")
        #expect(try string(#""\ud800x""#) == "\u{FFFD}x")
        #expect(try string(#""\udc00""#) == "\u{FFFD}")
        #expect(try string(#""\ud800\n""#) == "\u{FFFD}\n")
        // A high half followed by another escape that is not a low half: the two are one U+FFFD.
        #expect(try string(#""\ud800\u0041""#) == "\u{FFFD}")
    }

    @Test func malformedStringsAreRefusedWithTheirOffset() {
        let cases: [(text: String, message: String)] = [
            (#""\q""#, #"invalid escape '\q' at byte 3"#),
            (#""ab\u12G4""#, #"invalid \u escape at byte 7"#),
            (#""\u12"#, #"unterminated \u escape at byte 3"#),
            (#""abc\"#, "unterminated escape at byte 5"),
            (#""abc"#, "unterminated string at byte 4"),
            (#""abc\""#, "unterminated string at byte 6"),
            ("\"a\tb\"", "control character in a string at byte 2"),
            ("\"a\\n\u{1F}\"", "control character in a string at byte 4"),
            (#""a\u0000b""#, #"NUL character (\u0000) in a string at byte 8"#),
            (#"x"#, "expected a string at byte 0"),
        ]
        for (text, message) in cases {
            #expect(failure(text) { _ = try $0.string() }?.message == message, "\(text)")
            #expect(failure(text) { try $0.skipString() }?.message == message, "skipping \(text)")
        }
    }

    @Test func skippingMovesPastTheWholeString() throws {
        let next = try scanning(#""a\"b\u00e9\ud83d\ude80c", 1"#) { scanner in
            try scanner.skipString()
            return scanner.nextByte
        }
        #expect(next == UInt8(ascii: ","))
    }

    @Test func plainStringsReadOnlyWhatNeedsNoDecoding() {
        #expect(scanning(" \n\"plain\"") { $0.plainString() } == "plain")
        #expect(scanning(#""é ✅ 🚀""#) { $0.plainString() } == "é ✅ 🚀")
        for text in [#""a\u0041""#, #""a\"""#, "\"a\nb\"", #""unterminated"#, "plain", "1"] {
            #expect(scanning(text) { $0.plainString() } == nil, "\(text)")
        }
        // Invalid UTF-8 is declined by the strict reader and replaced by the decoding one.
        let invalid: [UInt8] = [0x22, 0x61, 0xFF, 0x22]
        #expect(scanning(invalid) { $0.plainString() } == nil)
        #expect(scanning(invalid) { try? $0.string() } == "a\u{FFFD}")
    }

    /// Every special byte is found wherever it sits (the unescaped run ends on it, the decoded
    /// rest goes on from it), and the result is what `JSONDecoder` reads.
    @Test func specialBytesAreFoundAtEveryOffset() throws {
        let specials = [#"\""#, #"\\"#, #"\n"#, #"\u00e9"#, #"\ud83d\ude80"#, "é", "✅", "🚀", "\u{7F}", "\u{80}"]
        for offset in 0..<20 {
            for special in specials {
                for tail in [0, 1, 7, 8, 9] {
                    let literal = "\"" + String(repeating: "a", count: offset) + special + String(repeating: "b", count: tail) + "\""
                    let expected = try JSONDecoder().decode(String.self, from: Data(literal.utf8))
                    #expect(try string(literal) == expected, "\(literal)")
                    let skipped = try scanning(literal) { scanner in
                        try scanner.skipString()
                        return scanner.isAtEnd
                    }
                    #expect(skipped, "\(literal)")
                    let plain = scanning(literal) { $0.plainString() }
                    #expect(plain == (special.hasPrefix("\\") ? nil : expected), "\(literal)")
                }
            }
            for control: UInt8 in [0x00, 0x0A, 0x1F] {
                let bytes = [0x22] + Array(repeating: UInt8(ascii: "a"), count: offset) + [control, 0x22]
                #expect(failure(bytes) { _ = try $0.string() } == JSONScanner.Failure(reason: "control character in a string", offset: offset + 1))
                #expect(scanning(bytes) { $0.plainString() } == nil)
            }
        }
    }
}
