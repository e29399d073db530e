import Foundation
import Testing
import JSONScanning
@testable import Webhooks

/// The byte-level JSON reader behind every delivery.
struct JSONValueParserTests {
    func parse(_ text: String) throws -> JSONValue {
        try JSONValueParser.parse(Array(text.utf8))
    }

    @Test func valuesOfEveryKind() throws {
        let value = try parse(#" {"a": [1, -2, 3.5, 1e3, true, false, null, "x"], "b": {}, "c": [], "id": 9223372036854775807, "big": 18446744073709551616} "#)
        #expect(value == .object([
            "a": .array([.integer(1), .integer(-2), .number(3.5), .number(1000), .bool(true), .bool(false), .null, .string("x")]),
            "b": .object([:]), "c": .array([]), "id": .integer(Int64.max), "big": .number(18446744073709551616),
        ]))
    }

    @Test func stringEscapesAndUnicode() throws {
        let value = try parse(#"["a\"b\\c\/d\n\t\r\b\f", "\u00e9\u2705", "\ud83d\ude80", "\ud800x", "plain ✅ text"]"#)
        #expect(value == .array([
            .string("a\"b\\c/d\n\t\r\u{08}\u{0C}"), .string("é✅"), .string("🚀"), .string("\u{FFFD}x"), .string("plain ✅ text"),
        ]))
    }

    @Test func nulInAStringIsRefusedNotTruncated() {
        for text in [#"{"ref": "refs/heads/main\u0000x"}"#, #"["\u0000"]"#, #"{"a\u0000": 1}"#] {
            #expect(throws: JSONValueParser.Failure.self, "\(text)") { try parse(text) }
            #expect(throws: JSONValueParser.Failure.self, "\(text)") { try JSONValueParser.parse(Array(text.utf8), onlyMembers: ["b"]) }
        }
    }

    @Test func malformedInputIsAnErrorWithItsOffset() {
        let bad = [#"{"a": }"#, #"{"a" 1}"#, #"[1, 2"#, #"{"a": tru}"#, #""unterminated"#, #"{"a": 01x}"#, "[1] 2", "\"tab\there\"", #"{"a": 1.}"#, #"["\q"]"#]
        for text in bad {
            #expect(throws: JSONValueParser.Failure.self, "\(text)") { try parse(text) }
        }
        do {
            _ = try JSONValueParser.parse(Array(#"{"a": }"#.utf8))
            Issue.record("expected a failure")
        } catch {
            #expect(error.message == "unexpected character '}' at byte 6")
        }
    }

    @Test func deepNestingIsRefusedNotACrash() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONValueParser.Failure.self) { try parse(deep) }
        let fine = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        _ = try parse(fine)
    }

    @Test func onlyChosenTopLevelMembersAreBuiltButAllAreChecked() throws {
        let text = #"{"commits": [{"id": "a\u00e9", "n": [1, 2.5, {"x": null}]}], "repository": {"full_name": "acme/app"}, "after": "0"}"#
        let value = try JSONValueParser.parse(Array(text.utf8), onlyMembers: ["repository"])
        #expect(value == .object(["repository": .object(["full_name": .string("acme/app")])]))
        // Skipped members must still be JSON, nested as deep as a built one may be.
        let bad = [#"{"repository": {}, "commits": [1, }"#, #"{"commits": "\q", "repository": {}}"#, #"{"commits": {"a" 1}}"#, "{\"c\": \"tab\there\"}", #"{"c": [tru]}"#]
        for text in bad {
            #expect(throws: JSONValueParser.Failure.self, "\(text)") { try JSONValueParser.parse(Array(text.utf8), onlyMembers: ["repository"]) }
        }
        let deep = #"{"c": "# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        #expect(throws: JSONValueParser.Failure.self) { try JSONValueParser.parse(Array(deep.utf8), onlyMembers: ["repository"]) }
        // A top level that is not an object is parsed whole.
        #expect(try JSONValueParser.parse(Array("[1]".utf8), onlyMembers: ["repository"]) == .array([.integer(1)]))
    }

    @Test func repeatedNamesKeepTheLastAndOrderDoesNotMatter() throws {
        let value = try parse(#"{"ref": "refs/heads/old", "after": "abc", "ref": "refs/heads/main"}"#)
        #expect(value["ref"].string == "refs/heads/main")
        #expect(value["after"].string == "abc")
        #expect(value["missing"] == .null)
        #expect(value == .object(["after": .string("abc"), "ref": .string("refs/heads/main")]))
        #expect(value != .object(["after": .string("abc"), "ref": .string("refs/heads/old")]))
        #expect(try parse(#"{"b": 1, "a": 2}"#) == parse(#"{"a": 2, "b": 1}"#))
    }

    /// Every special byte is found wherever it sits in a string, in built strings and in
    /// skipped members alike (both scanning loops, and the switch from the fast path).
    @Test func specialBytesAreFoundAtEveryOffset() throws {
        let specials = [#"\""#, #"\\"#, #"\n"#, #"\u00e9"#, "é", "✅", "🚀", "\u{7F}", "\u{80}"]
        for offset in 0..<20 {
            for special in specials {
                for tail in [0, 1, 7, 8, 9] {
                    let literal = "\"" + String(repeating: "a", count: offset) + special + String(repeating: "b", count: tail) + "\""
                    let document = #"{"skip": "# + literal + #", "keep": ["# + literal + "]}"
                    let expected = try JSONDecoder().decode([String].self, from: Data("[\(literal)]".utf8))
                    let full = try JSONValueParser.parse(Array(document.utf8))
                    #expect(full["keep"].strings == expected, "\(literal)")
                    #expect(full["skip"].string == expected.first)
                    let partial = try JSONValueParser.parse(Array(document.utf8), onlyMembers: ["keep"])
                    #expect(partial["keep"].strings == expected)
                }
            }
            for control: UInt8 in [0x00, 0x0A, 0x1F] {
                var bytes = Array(#"{"skip": ""#.utf8) + Array(repeating: UInt8(ascii: "a"), count: offset)
                bytes += [control] + Array(#"", "keep": 1}"#.utf8)
                #expect(throws: JSONValueParser.Failure.self) { try JSONValueParser.parse(bytes, onlyMembers: ["keep"]) }
                #expect(throws: JSONValueParser.Failure.self) { try JSONValueParser.parse(bytes) }
            }
            let unterminated = Array(("[\"" + String(repeating: "a", count: offset)).utf8)
            #expect(throws: JSONValueParser.Failure.self) { try JSONValueParser.parse(unterminated) }
        }
    }

    @Test func stoppingWhenFoundReadsNoFurtherThanTheMembers() throws {
        // Everything after the repository is broken; the early read never sees it.
        let body = Array(#"{"ref": "x", "repository": {"full_name": "acme/app"}, "commits": [1, 2,, oops"#.utf8)
        let early = try JSONValueParser.parse(body, onlyMembers: ["repository"], stoppingWhenFound: true)
        #expect(early["repository"]["full_name"].string == "acme/app")
        #expect(early["ref"] == .null)
        #expect(throws: JSONValueParser.Failure.self) { try JSONValueParser.parse(body, onlyMembers: ["repository"]) }
        // Broken before the member is still refused, and so is a missing member's document.
        #expect(throws: JSONValueParser.Failure.self) {
            try JSONValueParser.parse(Array(#"{"ref": x, "repository": {}}"#.utf8), onlyMembers: ["repository"], stoppingWhenFound: true)
        }
        #expect(throws: JSONValueParser.Failure.self) {
            try JSONValueParser.parse(Array(#"{"ref": "x"} trailing"#.utf8), onlyMembers: ["repository"], stoppingWhenFound: true)
        }
        // The first of repeated names counts; with two wanted members, reading goes on to the second.
        let repeated = Array(#"{"a": 1, "a": 2, "b": 3, "c": [oops"#.utf8)
        let both = try JSONValueParser.parse(repeated, onlyMembers: ["a", "b"], stoppingWhenFound: true)
        #expect(both["a"] == .integer(1))
        #expect(both["b"] == .integer(3))
    }
}
