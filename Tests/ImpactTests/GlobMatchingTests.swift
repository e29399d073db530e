import Foundation
import Testing
@testable import Impact

/// Run-all patterns match by dynamic programming: patterns that made backtracking take
/// minutes (eight `**` against a deep path, many `*` in one component) answer at once, and
/// answer right.
@Suite("Glob matching")
struct GlobMatchingTests {
    static let deep = Array(repeating: "a", count: 40).joined(separator: "/")

    @Test(arguments: [
        // Eight globstars against 40 components: no answer in 120 s by backtracking.
        (Array(repeating: "**", count: 8).joined(separator: "/") + "/b", deep, false),
        (Array(repeating: "**", count: 8).joined(separator: "/") + "/b", deep + "/b", true),
        (Array(repeating: "**", count: 8).joined(separator: "/") + "/a", deep, true),
        (Array(repeating: "**/a", count: 12).joined(separator: "/") + "/c", deep, false),
        // Stars inside one component.
        (String(repeating: "*a", count: 30) + "b", String(repeating: "a", count: 200), false),
        (String(repeating: "*a", count: 30) + "b", String(repeating: "a", count: 200) + "b", true),
        ("**", "any/path/at/all", true),
        ("a/**/b/**/c", "a/b/c", true),
        ("a/**/b/**/c", "a/x/y/b/c/d", false),
        ("*", "a/b", false),
        ("?", "ab", false),
        ("a?c/*.kt", "abc/x.kt", true),
    ])
    func pathologicalPatterns(pattern: String, path: String, matches: Bool) {
        #expect(GlobPattern(pattern).matches(path) == matches)
    }

    @Test("the shared matcher: * and ? stop at separators, ** crosses them")
    func wildcardTokens() {
        func match(_ pattern: String, _ text: String) -> Bool {
            var text = text
            return text.withUTF8 { bytes in Wildcard.matches(Wildcard.tokens(pattern.utf8), bytes) { byte in byte == UInt8(ascii: ":") } }
        }
        #expect(match(":core:*", ":core:data"))
        #expect(!match(":core:*", ":core:data:impl"))
        #expect(match(":core:**", ":core:data:impl"))
        #expect(!match(":c?re", ":c:re"))
        #expect(!match(String(repeating: "*", count: 40) + "x", String(repeating: ":a", count: 200)))
    }
}
