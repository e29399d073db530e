import ChildProcesses
import Foundation
import HTTPClient
import Testing

/// The commands for what the docs used to send to curl: a build's findings and UI-test
/// selection, the outbox, the findings trend, posting reports, release notes, health samples
/// and store identifiers.
@Suite("mobile-ops commands for the documented API")
struct DocumentedAPICommandTests {
    static func json(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    static let sarif = #"""
        {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "SwiftLint"}}, "results": [
          {"ruleId": "force_cast", "level": "error", "message": {"text": "Force casts should be avoided"},
           "locations": [{"physicalLocation": {"artifactLocation": {"uri": "Sources/Cart.swift"}, "region": {"startLine": 12}}}]},
          {"ruleId": "todo", "level": "warning", "message": {"text": "TODOs should be resolved"},
           "locations": [{"physicalLocation": {"artifactLocation": {"uri": "Sources/Cart.swift"}, "region": {"startLine": 3}}}]},
          {"ruleId": "force_try", "level": "error", "message": {"text": "Force tries should be avoided"}, "suppressions": [{"kind": "inSource"}],
           "locations": [{"physicalLocation": {"artifactLocation": {"uri": "Sources/Cart.swift"}, "region": {"startLine": 20}}}]}]}]}
        """#

    @Test("builds findings --post stores a report and shows the new findings; builds impact, outbox list, metrics findings and report")
    func buildsAndMetrics() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = directory.appendingPathComponent("swiftlint.sarif").path
        try Self.sarif.write(toFile: report, atomically: true, encoding: .utf8)
        let buildReport = directory.appendingPathComponent("build-report.json").path
        try #"{"id": "jenkins-1", "dimensions": {"repository": "acme/android-app", "platform": "android"}, "durationSeconds": 600, "outcome": "success", "queueSeconds": 0.006}"#
            .write(toFile: buildReport, atomically: true, encoding: .utf8)

        try await LiveServer.runAsAdmin { server, env in
            _ = try await CLIProcess.run(
                ["repos", "add", "acme/ios-app", "--provider", "github", "--clone-url", "https://github.com/acme/ios-app.git"], environment: env)
            let triggered = try await CLIProcess.run(["builds", "trigger", "--pipeline", "ios-pr", "--commit", "abc123", "--json"], environment: env)
            let build = String(try #require(Self.json(triggered.stdout)["id"] as? Int))

            let posted = try await CLIProcess.run(["builds", "findings", build, "--post", report, "--source", "swiftlint"], environment: env)
            #expect(posted.status == 0, "\(posted.stderr)")
            // The suppressed result is stored and counted apart: never new, never among the levels.
            #expect(posted.stdout.contains("Stored 3 findings of \(report) (sarif) as source 'swiftlint' of build \(build): 1 error, 1 warning, 1 suppressed."), "\(posted.stdout)")
            #expect(posted.stdout.contains("2 new (1 error, 1 warning)") && posted.stdout.contains("1 suppressed; no base build: every unsuppressed finding is new"), "\(posted.stdout)")
            #expect(!posted.stdout.contains("force_try"))
            #expect(posted.stdout.contains("Sources/Cart.swift:12") && posted.stdout.contains("force_cast"), "\(posted.stdout)")
            let shown = try await CLIProcess.run(["builds", "findings", build, "--fail-on", "never", "--json"], environment: env)
            #expect(Self.json(shown.stdout)["fails"] as? Bool == false && Self.json(shown.stdout)["newCount"] as? Int == 2, "\(shown.stdout)")
            let stray = try await CLIProcess.run(["builds", "findings", build, "--source", "x"], environment: env)
            #expect(stray.status == 64 && stray.stderr.contains("go with --post"), "\(stray.stderr)")

            let impact = try await CLIProcess.run(["builds", "impact", build], environment: env)
            #expect(impact.status == 0 && impact.stdout.contains("has no ui_tests: selection"), "\(impact.stdout) \(impact.stderr)")
            let outbox = try await CLIProcess.run(["outbox", "list"], environment: env)
            #expect(outbox.status == 0 && outbox.stdout.hasPrefix("Waiting: 0 (0 due now); dead: 0"), "\(outbox.stdout) \(outbox.stderr)")

            let trend = try await CLIProcess.run(["metrics", "findings", "--repository", "acme/ios-app"], environment: env)
            #expect(trend.status == 0 && trend.stdout.contains("Findings on main of acme/ios-app over 30 days"), "\(trend.stdout) \(trend.stderr)")

            let stored = try await CLIProcess.run(["metrics", "report", buildReport], environment: env)
            #expect(stored.status == 0 && stored.stdout.hasPrefix("Stored build report "), "\(stored.stdout) \(stored.stderr)")
            let again = try await CLIProcess.run(["metrics", "report", buildReport, "--json"], environment: env)
            #expect(Self.json(again.stdout)["created"] as? Bool == false, "\(again.stdout)")
            // A 6 ms queue lands in the histogram's lowest bucket: shown as such, not as 0.05 s.
            let summary = try await CLIProcess.run(["metrics", "summary"], environment: env)
            let all = try #require(summary.stdout.split(separator: "\n").first { $0.hasPrefix("all ") }, "\(summary.stdout)")
            #expect(all.contains("<0.1s") && !all.contains("0.05s"), "\(summary.stdout)")
            let missing = try await CLIProcess.run(["metrics", "report", directory.appendingPathComponent("nope.json").path], environment: env)
            #expect(missing.status == 1 && missing.stderr.hasPrefix("error: cannot read"), "\(missing.stderr)")
        }
    }

    @Test("release notes from the repository's commits; release health and release store")
    func releases() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-notes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for command in [
            "git init -q -b main", "git -c user.email=a@b -c user.name=A commit -q --allow-empty -m 'feat: pay with coupons (#12)'",
            "git branch release/7.1.0",
        ] {
            let output = try await Command.run(.shell(command, environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path], workingDirectory: directory.path))
            #expect(output.status == .exited(0), "\(command): \(output.errorText)")
        }
        try await LiveServer.runAsAdmin { server, env in
            _ = try await CLIProcess.run(["repos", "add", "acme/mobile", "--provider", "github", "--clone-url", directory.path], environment: env)
            let started = try await CLIProcess.run(["release", "start", "mobile", "--version", "7.1.0", "--json"], environment: env)
            let id = String(try #require(Self.json(started.stdout)["id"] as? Int, "\(started.stdout) \(started.stderr)"))

            let notes = try await CLIProcess.run(["release", "notes", id], environment: env)
            #expect(notes.status == 0, "\(notes.stderr)")
            #expect(notes.stdout.hasPrefix("## 7.1.0") && notes.stdout.contains("- Pay with coupons (#12)"), "\(notes.stdout)")

            let health = try await CLIProcess.run(
                ["release", "health", id, "--platform", "android", "--metric", "crash_free_users", "--value", "99.9", "--sample-size", "2000"],
                environment: env)
            #expect(health.status == 0, "\(health.stderr)")
            #expect(health.stdout.contains("android crash_free_users: healthy"), "\(health.stdout)")
            let badPlatform = try await CLIProcess.run(
                ["release", "health", id, "--platform", "web", "--metric", "crash_free_users", "--value", "1", "--sample-size", "1"], environment: env)
            #expect(badPlatform.status == 64, "\(badPlatform.stderr)")

            let store = try await CLIProcess.run(
                ["release", "store", id, "--android-package", "com.acme.mobile", "--android-version-code", "41", "--android-version-code", "42", "--json"],
                environment: env)
            #expect(store.status == 0, "\(store.stderr)")
            let ids = Self.json(store.stdout)["store"] as? [String: Any]
            #expect(ids?["androidPackage"] as? String == "com.acme.mobile" && ids?["androidVersionCodes"] as? [String] == ["41", "42"], "\(store.stdout)")
            let nothing = try await CLIProcess.run(["release", "store", id], environment: env)
            #expect(nothing.status == 64 && nothing.stderr.contains("at least one of"), "\(nothing.stderr)")
        }
    }
}
