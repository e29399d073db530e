import Foundation
import Testing

/// `mobile-ops checks deps` on a Gradle project in a temporary folder: exit status, JSON,
/// baseline, and rules-file errors with their line.
@Suite("mobile-ops checks deps")
struct ChecksCommandTests {
    static let settings = """
        rootProject.name = "shop"
        include(":app")
        include(":feature:login")
        include(":feature:cart")
        include(":core:data")
        """

    static let rules = """
        rules:
          - name: feature-isolation
            forbid: {from: ":feature:**", to: ":feature:**"}
          - layers: [":app", ":feature:**", ":core:**"]
        """

    /// A project whose cart feature uses the login feature (one violation).
    static func project() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("checks-cli-\(UUID().uuidString)").path
        try ImpactCommandTests.write(settings, to: "settings.gradle.kts", in: root)
        try ImpactCommandTests.write("dependencies {\n    implementation(projects.feature.login)\n    implementation(projects.feature.cart)\n}\n", to: "app/build.gradle.kts", in: root)
        try ImpactCommandTests.write("dependencies {\n    api(projects.core.data)\n}\n", to: "feature/login/build.gradle.kts", in: root)
        try ImpactCommandTests.write("dependencies {\n    implementation(projects.core.data)\n    implementation(project(\":feature:login\"))\n}\n", to: "feature/cart/build.gradle.kts", in: root)
        try ImpactCommandTests.write("dependencies {\n    testImplementation(projects.app)\n}\n", to: "core/data/build.gradle.kts", in: root)
        try ImpactCommandTests.write(rules, to: "mobile-ops-checks.yml", in: root)
        return root
    }

    @Test("violations fail with the rule, the edge and the declaring line; a baseline fails only new ones")
    func violationsAndBaseline() async throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let human = try await CLIProcess.run(["checks", "deps", "--project", root])
        #expect(human.status == 1, "\(human.stderr)")
        #expect(human.stdout.contains("1 violation of 2 rules"), "\(human.stdout)")
        #expect(human.stdout.contains(":feature:cart → :feature:login"))
        #expect(human.stdout.contains("feature/cart/build.gradle.kts:3"))

        let first = try await CLIProcess.run(["checks", "deps", "--project", root, "--json"])
        #expect(first.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        let violations = try #require(report["violations"] as? [[String: Any]])
        #expect(violations.map { $0["rule"] as? String } == ["feature-isolation"])
        #expect(violations.first?["line"] as? Int == 3)
        try Data(first.stdout.utf8).write(to: URL(fileURLWithPath: root + "/baseline.json"))

        // Known violation moved down a line, a new one added: only the new one fails.
        try ImpactCommandTests.write(
            "dependencies {\n    implementation(projects.core.data)\n\n    implementation(project(\":feature:login\"))\n}\n",
            to: "feature/cart/build.gradle.kts", in: root
        )
        try ImpactCommandTests.write("dependencies {\n    api(projects.core.data)\n    implementation(projects.app)\n}\n", to: "feature/login/build.gradle.kts", in: root)
        let second = try await CLIProcess.run(["checks", "deps", "--project", root, "--baseline", root + "/baseline.json"])
        #expect(second.status == 1)
        #expect(second.stdout.contains("2 violations of 2 rules, 1 new"), "\(second.stdout)")

        // The new one removed and the old one fixed: passes, and says what was fixed.
        try ImpactCommandTests.write("dependencies {\n    implementation(projects.core.data)\n}\n", to: "feature/cart/build.gradle.kts", in: root)
        try ImpactCommandTests.write("dependencies {\n    api(projects.core.data)\n}\n", to: "feature/login/build.gradle.kts", in: root)
        let third = try await CLIProcess.run(["checks", "deps", "--project", root, "--baseline", root + "/baseline.json"])
        #expect(third.status == 0, "\(third.stdout)\(third.stderr)")
        #expect(third.stdout.contains("1 fixed since the baseline"))
        #expect(third.stdout.contains("feature-isolation: :feature:cart → :feature:login"))
    }

    @Test("a typo in the rules file is an error naming its line, never ignored")
    func rulesTypo() async throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try ImpactCommandTests.write("rules:\n  - no_cycles: true\n  - forbid: {from: \":a\", to: \":b\", unles: same_parent}\n", to: "custom.yml", in: root)
        let result = try await CLIProcess.run(["checks", "deps", "--project", root, "--rules", root + "/custom.yml"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("custom.yml:3:"), "\(result.stderr)")
        #expect(result.stderr.contains("unknown key 'unles' in forbid; did you mean 'unless'?"))

        let missing = try await CLIProcess.run(["checks", "deps", "--project", root + "/app"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no rules file"))

        // A baseline that is not there cannot be read: 2, as docs/checks.md says, with how to make one.
        let noBaseline = try await CLIProcess.run(["checks", "deps", "--project", root, "--baseline", root + "/checks-baseline.json"])
        #expect(noBaseline.status == 2, "\(noBaseline.stderr)")
        #expect(noBaseline.stderr.hasPrefix("error: --baseline \(root)/checks-baseline.json does not exist"), "\(noBaseline.stderr)")
        #expect(noBaseline.stderr.contains("--json > \(root)/checks-baseline.json"), "\(noBaseline.stderr)")
        #expect(!noBaseline.stderr.contains("Usage:"))
    }
}
