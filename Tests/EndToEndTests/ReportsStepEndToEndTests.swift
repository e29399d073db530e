import Foundation
import Testing

/// `reports:` with real processes: the agent reads a SwiftLint report in its checkout after the
/// commands, the server compares it with the previous build of main, and only new findings at
/// `fail_on` fail the step.
@Suite("End to end: a reports: step fails on new findings only", .serialized, .timeLimit(.minutes(3)))
struct ReportsStepEndToEndTests {
    static let pipeline = """
        name: e2e
        triggers: {push: {branches: [main]}}
        steps:
          - key: lint
            label: Lint
            command: echo linting && cp lint.json swiftlint.json
            agents:
              platform: ios
            reports: swiftlint.json
            fail_on: warning
        """

    /// SwiftLint's JSON reporter, paths relative to the checkout.
    static func report(_ violations: [(rule: String, severity: String, line: Int)]) -> String {
        "[" + violations.map { violation in
            #"{"character": 1, "file": "A.swift", "line": \#(violation.line), "reason": "Violation of \#(violation.rule)", "rule_id": "\#(violation.rule)", "severity": "\#(violation.severity)", "type": "Rule"}"#
        }.joined(separator: ",\n") + "]"
    }

    @Test("a warning fails the first build; code moved down keeps it known; a new error fails; an unchanged report passes")
    func onlyNewFindingsFail() async throws {
        let fleet = try Fleet()
        defer { fleet.stop() }
        let (repository, _) = try await fleet.makeRepository()
        _ = try await fleet.commit(file: "A.swift", contents: "import Foundation\nlet veryLongLine = 1\nlet other = 2\n")
        let first = try await fleet.commit(file: "lint.json", contents: Self.report([("line_length", "Warning", 2)]))
        try await fleet.startServer(pipeline: Self.pipeline)
        try await fleet.call("POST", "/api/v1/repositories", json: #"{"name": "acme/e2e", "provider": "github", "cloneURL": "file://\#(repository)", "webhookSecret": "\#(Fleet.secret)"}"#)
        try fleet.startAgent("mac", tags: ["platform=ios"])
        let isOver: ([String: Any]) -> Bool = { ($0["state"] as? String).map { ["passed", "failed", "canceled"].contains($0) } ?? false }
        func run(_ sha: String) async throws -> (state: String?, log: String, build: Int) {
            let id = try #require(try await fleet.push(repository: "acme/e2e", sha: sha).first)
            let build = try await fleet.waitForBuild(id, until: isOver)
            let job = try #require((build["jobs"] as? [[String: Any]])?.first?["id"] as? Int)
            return (build["state"] as? String, try await fleet.log(job: job), id)
        }

        let one = try await run(first)
        #expect(one.state == "failed")
        #expect(one.log.contains("mobile-ops-agent: reports: swiftlint.json: 1 finding, 1 new (1 warning), no base build: every finding is new"), "\(one.log)")

        // Two lines inserted above: the warning (and the lines either side of it) move down to
        // line 4, and it stays known; force_cast is new.
        _ = try await fleet.commit(file: "A.swift", contents: "// a\n// b\nimport Foundation\nlet veryLongLine = 1\nlet other = 2\nlet forced = x as! Int\n")
        let second = try await fleet.commit(file: "lint.json", contents: Self.report([("line_length", "Warning", 4), ("force_cast", "Error", 6)]))
        let two = try await run(second)
        #expect(two.state == "failed")
        #expect(two.log.contains("reports: swiftlint.json: 2 findings, 1 new (1 error), base build #1 on main"), "\(two.log)")
        #expect(two.log.contains("  new error A.swift:6 SwiftLint force_cast: Violation of force_cast"))
        #expect(two.log.contains("reports: swiftlint.json: 1 new finding at fail_on: warning; the step fails"))

        let unchanged = try await fleet.commit(file: "README.md", contents: "only the readme\n")
        let three = try await run(unchanged)
        #expect(three.state == "passed", "\(three.log)")
        #expect(three.log.contains("reports: swiftlint.json: 2 findings, 0 new, base build #2 on main"), "\(three.log)")
        let compared = try await fleet.call("GET", "/api/v1/builds/\(three.build)/findings")
        #expect(compared["total"] as? Int == 2 && compared["newCount"] as? Int == 0 && compared["fixed"] as? Int == 0, "\(compared)")
    }
}
