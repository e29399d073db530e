import Checks
import Testing

/// Module-name patterns: `*` within a segment, `**` across, `?` one character.
@Suite struct ModuleGlobTests {
    @Test(arguments: [
        (":feature:*:impl", ":feature:login:impl", true),
        (":feature:*:impl", ":feature:login:ui:impl", false),
        (":feature:**", ":feature:login:impl", true),
        (":feature:**", ":feature", false),
        (":feature:*", ":feature:login", true),
        (":feature:*", ":feature:login:impl", false),
        ("Core*", "CoreKit", true),
        ("Core*", "Core", true),
        ("Core*", "FoundationCore", false),
        ("*Feature", "LoginFeature", true),
        ("Core?it", "CoreKit", true),
        ("**", ":anything:at:all", true),
        ("//app/**", "//app/ui/login", true),
        (":app", ":app", true),
        (":app", ":application", false),
    ])
    func matches(pattern: String, name: String, expected: Bool) throws {
        #expect(try ModuleGlob(pattern).matches(name) == expected)
    }

    @Test(arguments: ["", "Core[A-Z]*", "a***b", "has space", "{a,b}"])
    func rejects(pattern: String) {
        #expect(throws: ModuleGlobError.self) { try ModuleGlob(pattern) }
    }
}
