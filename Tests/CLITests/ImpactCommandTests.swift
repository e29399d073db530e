import ChildProcesses
import Foundation
import Testing

/// `mobile-ops impact --base --head` on a real repository, from outside it.
@Suite("mobile-ops impact with git revisions")
struct ImpactCommandTests {
    /// Runs git in `directory` with a fixed identity.
    @discardableResult
    static func git(_ arguments: [String], in directory: String) async throws -> String {
        let identity = ["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"]
        return try await Command.run(.command("git", identity + arguments, in: directory)).text
    }

    static func write(_ text: String, to relative: String, in directory: String) throws {
        let url = URL(fileURLWithPath: directory).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    static let graph = """
        {"format": "mobile-ops-module-graph", "version": 1,
         "modules": [{"name": "Core", "paths": ["core"]}, {"name": "Feature", "paths": ["feature"], "dependencies": ["Core"]}],
         "testSuites": [{"name": "CoreTests", "module": "Core", "paths": ["core-tests"]},
                        {"name": "FeatureTests", "module": "Feature", "paths": ["feature-tests"]}]}
        """

    @Test("a relative --project works, and --base/--head (or BASE...HEAD) diff from the merge base like a pull request")
    func relativeProjectAndMergeBase() async throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("impact-cli-\(UUID().uuidString)").path
        let repository = parent + "/repo"
        try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: parent) }
        try await Self.git(["init", "-q", "-b", "main"], in: repository)
        try Self.write("// core", to: "core/Core.swift", in: repository)
        try Self.write("// feature", to: "feature/Feature.swift", in: repository)
        try Self.write(Self.graph, to: "graph.json", in: repository)
        try await Self.git(["add", "-A"], in: repository)
        try await Self.git(["commit", "-q", "-m", "start"], in: repository)
        try await Self.git(["checkout", "-q", "-b", "feature-work"], in: repository)
        try Self.write("// feature, changed", to: "feature/Feature.swift", in: repository)
        try await Self.git(["commit", "-q", "-am", "the change"], in: repository)
        // main moves on after the branch left it: its change is not the branch's.
        try await Self.git(["checkout", "-q", "main"], in: repository)
        try Self.write("// core, changed on main", to: "core/Core.swift", in: repository)
        try await Self.git(["commit", "-q", "-am", "main moves on"], in: repository)

        for change in [["--base", "main", "--head", "feature-work"], ["--base", "main...feature-work"]] {
            let result = try await CLIProcess.run(
                ["impact", "--project", "repo", "--graph", "repo/graph.json", "--json"] + change, directory: parent)
            #expect(result.status == 0, "\(change): \(result.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
            let selected = (report["selected"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
            #expect(selected == ["FeatureTests"], "\(change): only the branch's own change counts")
        }
        let both = try await CLIProcess.run(
            ["impact", "--project", "repo", "--graph", "repo/graph.json", "--base", "main...feature-work", "--head", "x"], directory: parent)
        #expect(both.status != 0)
    }
}
