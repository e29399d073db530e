import Testing
import Foundation
import Pipelines

/// `*` stays within a segment, `**` crosses `/`, `?` is one character.
@Suite struct GlobTests {
    @Test(arguments: [
        ("main", "main", true),
        ("main", "mainline", false),
        ("release/*", "release/1.2", true),
        ("release/*", "release/1.2/hotfix", false),
        ("release/*", "release", false),
        ("release/**", "release/1.2/hotfix", true),
        ("release/**", "release/", true),
        ("**", "feature/a/b", true),
        ("**", "", true),
        ("*", "feature/a", false),
        ("**/main", "main", true),
        ("**/main", "team/x/main", true),
        ("**/main", "xmain", false),
        ("feature/**/tests", "feature/tests", true),
        ("feature/**/tests", "feature/a/b/tests", true),
        ("v*", "v1.2.3", true),
        ("v*", "1.2.3", false),
        ("v?.*", "v1.0", true),
        ("v?.*", "v10.0", false),
        ("*-rc*", "2.0-rc1", true),
        ("acme/*", "acme/ios-app", true),
        ("acme/*", "other/ios-app", false),
    ])
    func matches(pattern: String, text: String, expected: Bool) {
        #expect(Glob(pattern).matches(text) == expected, "\(pattern) vs \(text)")
    }

    @Test func caseInsensitiveMatchingForRepositories() {
        #expect(Glob("acme/iOS-*").matches("ACME/ios-app", ignoringCase: true))
        #expect(!Glob("acme/iOS-*").matches("ACME/ios-app"))
    }

    @Test func manyStarsDoNotBacktrackExponentially() {
        let pattern = Glob(String(repeating: "*a", count: 30) + "b")
        #expect(!pattern.matches(String(repeating: "a", count: 200)))
    }

    @Test func encodesAsItsPattern() throws {
        let data = try JSONEncoder().encode([Glob("release/**")])
        #expect(String(decoding: data, as: UTF8.self) == #"["release\/**"]"#)
        #expect(try JSONDecoder().decode([Glob].self, from: data) == [Glob("release/**")])
    }
}
