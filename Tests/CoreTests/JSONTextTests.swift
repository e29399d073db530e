import Core
import Foundation
import Testing

@Suite("JSON text written without JSONEncoder")
struct JSONTextTests {
    /// Strings that need every kind of escape, and some that must pass through untouched.
    static let awkward = [
        "", "plain", "with \"quotes\"", "back\\slash", "slash/and/more", "tab\tnew\nline\r",
        "bell\u{07} nul\u{00} unit\u{1F} del\u{7F}", "naïve café", "emoji 🚀 and flag 🇸🇪",
        "\"\u{301} a quote with a combining accent", "x-hub-signature-256: sha256=abc",
    ]

    @Test("an object of awkward strings decodes back to the same dictionary")
    func objectRoundTrips() throws {
        var members: [String: String] = [:]
        for (index, text) in Self.awkward.enumerated() {
            members[text] = Self.awkward[(index + 3) % Self.awkward.count]
        }
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(JSONText.object(members).utf8))
        #expect(decoded == members)
        #expect(try JSONDecoder().decode([String: String].self, from: Data(JSONText.object([:]).utf8)).isEmpty)
    }

    @Test("each control character gets a short escape or \\u00XX")
    func controlCharacters() throws {
        for scalar in 0..<0x20 {
            let text = String(UnicodeScalar(UInt8(scalar)))
            let quoted = JSONText.quoted(text)
            #expect(quoted.utf8.allSatisfy { $0 >= 0x20 }, "raw control character \(scalar) in \(quoted)")
            #expect(try JSONDecoder().decode(String.self, from: Data(quoted.utf8)) == text)
        }
        #expect(JSONText.quoted("a\"b\\c\n\u{01}") == #""a\"b\\c\n\u0001""#)
    }

    @Test("keys come out sorted, the same text JSONEncoder writes for plain ASCII")
    func matchesJSONEncoder() throws {
        let headers = [
            "content-type": "application json", "x-github-event": "push", "user-agent": "GitHub-Hookshot 1a2b3c",
            "x-github-delivery": "72d3162e-cc78-11e3-81ab-4c9367dc0958", "content-length": "8784",
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(JSONText.object(headers) == String(decoding: try encoder.encode(headers), as: UTF8.self))
        #expect(JSONText.object(["b": "2", "a": "1", "c": "3"]) == #"{"a":"1","b":"2","c":"3"}"#)
    }
}
