import Testing
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
}
