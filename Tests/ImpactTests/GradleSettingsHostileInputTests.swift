import Foundation
@testable import Impact
import Testing
import TestSupport

/// Settings scripts come from any branch anyone can push, and the server reads them: hostile
/// shapes must end as "not followed" (the analysis widens), never as a crash or a hang.
@Suite struct GradleSettingsHostileInputTests {
    @Test(arguments: ["fun f(,) {\n    include(\":a\")\n}\nf()", "fun f(=\":b\") {\n    include(\":a\")\n}\nf()", "def f( , x) { include x }\nf(':a')"])
    func emptyParametersDoNotCrash(script: String) {
        let settings = GradleSettings.parse(script, file: script.hasPrefix("def") ? "settings.gradle" : "settings.gradle.kts")
        #expect(settings.projects.count + settings.unfollowed.count >= 1)
    }

    @Test(arguments: [
        "include(\":a${9223372036854775807 + 1}\")",
        "include(\":a${0 - 9223372036854775807 - 2}\")",
    ])
    func integerOverflowIsNotFollowed(script: String) {
        let settings = GradleSettings.parse(script, file: "settings.gradle.kts")
        #expect(settings.projects.isEmpty)
        #expect(settings.unfollowed.map(\.line) == [1])
    }

    @Test func deeplyNestedBracketsAreNotFollowed() {
        let depth = 20_000
        let script = "include(" + String(repeating: "(", count: depth) + "\":a\"" + String(repeating: ")", count: depth) + ")"
        let settings = GradleSettings.parse(script, file: "settings.gradle.kts")
        #expect(settings.projects.isEmpty)
        #expect(settings.unfollowed.map(\.line) == [1])
    }

    @Test func deeplyNestedTemplatesAreNotFollowed() {
        // `"${"${":a"}"}"`, nested far beyond any real script.
        var template = "\":a\""
        for _ in 0..<(GradleSettingsExpression.nestingLimit + 10) { template = "\"${" + template + "}\"" }
        let settings = GradleSettings.parse("include(\(template))", file: "settings.gradle.kts")
        #expect(settings.projects.isEmpty)
        #expect(settings.unfollowed.map(\.line) == [1])
        // A few levels are fine.
        #expect(GradleSettings.parse("include(\"${\"${\":a\"}\"}\")", file: "settings.gradle.kts").projects == [":a"])
    }

    @Test func stringsThatDoubleEachBindingAreNotFollowed() {
        var script = "val s0 = \"ab\"\n"
        for level in 1...40 { script += "val s\(level) = \"$s\(level - 1)$s\(level - 1)\"\n" }
        script += "include(\":${s40}\")\n"
        let settings = GradleSettings.parse(script, file: "settings.gradle.kts")
        #expect(settings.projects.isEmpty)
        #expect(settings.unfollowed.map(\.line) == [42])
    }

    /// Walks nested in walks visit folders¹⁰ and more: the walk stops at the budget of folder
    /// entries one project walk may visit, and says it did not follow the script.
    @Test func nestedWalksStopAtTheWorkBudget() throws {
        let root = try TemporaryDirectory.create("impact-tests").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for index in 0..<20 { try FileManager.default.createDirectory(atPath: root + "/m\(index)", withIntermediateDirectories: true) }
        let settings = GradleSettings.parse("""
            rootDir.listFiles().forEach { a ->
                rootDir.listFiles().forEach { b ->
                    rootDir.listFiles().forEach { c ->
                        rootDir.listFiles().forEach { d ->
                            rootDir.listFiles().forEach { e ->
                                include(":${a.name}")
                            }
                        }
                    }
                }
            }
            """, file: "settings.gradle.kts", files: try ProjectFiles(project: root))
        // The innermost walk ran out; it alone is named.
        #expect(settings.unfollowed.map(\.line) == [5])
    }

    @Test func helpersThatFanOutStopAtTheWorkBudget() {
        // Each call makes ten more, eight deep: 10⁸ calls without a budget.
        let calls = String(repeating: "fan(n + 1)\n    ", count: 10)
        let settings = GradleSettings.parse("""
            fun fan(n: Int) {
                include(":a")
                \(calls)
            }
            fan(0)
            """, file: "settings.gradle.kts")
        #expect(settings.projects == [":a"])
        #expect(!settings.unfollowed.isEmpty)
    }
}
