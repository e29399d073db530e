import Agent
import Core
import Foundation
import Testing
import TestSupport

/// Suppressed results in a `reports:` step: counted apart, never new, never failing the step,
/// whether the server knows suppressions or predates them.
extension AgentFindingsTests {
    /// ESLint-like SARIF: `results` as (rule, level, line, suppressions JSON or nil), in `src/a.js`.
    static func sarif(_ results: [(rule: String, level: String, line: Int, suppressions: String?)]) -> String {
        let entries = results.map { result in
            #"{"ruleId": "\#(result.rule)", "level": "\#(result.level)", "message": {"text": "\#(result.rule) here"}, "#
                + #""locations": [{"physicalLocation": {"artifactLocation": {"uri": "src/a.js"}, "region": {"startLine": \#(result.line)}}}]"#
                + (result.suppressions.map { #", "suppressions": \#($0)"# } ?? "") + "}"
        }
        return #"{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "ESLint"}}, "results": ["# + entries.joined(separator: ", ") + "]}]}"
    }

    static let inSource = #"[{"kind": "inSource"}]"#
    static let underReview = #"[{"kind": "external", "status": "underReview"}]"#

    @Test("a server that predates suppressions counts a suppressed error new and fails: the agent leaves it out and the step passes")
    func olderServerIgnoresSuppressions() async throws {
        let workdir = try TemporaryDirectory()
        let fixture = try TemporaryDirectory("fixture")
        let report = Self.sarif([("no-eval", "error", 1, Self.inSource), ("no-unused-vars", "warning", 2, nil), ("eqeqeq", "warning", 3, Self.underReview)])
        try Self.write(["eslint.sarif": report, "src/a.js": "eval(x)\nlet y\nif (a == b) {}\n"], to: fixture.path)
        // A suppression under review does not silence: the same report with that one an error fails.
        let reviewed = Self.sarif([("no-eval", "error", 1, Self.inSource), ("eqeqeq", "error", 3, Self.underReview)])
        try Self.write(["reviewed.sarif": reviewed], to: fixture.path)
        try await FakeAgentServer.run { server in
            await server.state.enqueue(Self.job(140, fixture: fixture.path, reports: ["eslint.sarif"]))
            await server.state.enqueue(Self.job(141, fixture: fixture.path, reports: ["reviewed.sarif"]))
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                let outcome = try await waitForOutcome(server, 140)
                let log = await server.state.log(140)
                #expect(outcome.state == .passed, "\(log)")
                let failed = try await waitForOutcome(server, 141)
                #expect(failed.state == .failed)
            }
            let sent = try #require(await server.state.findings[140]?.first?.findings)
            #expect(sent.map(\.suppression) == ["accepted", nil, "underReview"], "sent with their suppressions for the server to count")
            let log = await server.state.log(140)
            #expect(log.contains("mobile-ops-agent: reports: eslint.sarif: 3 findings (1 suppressed), 2 new (2 warning), base build #41 on main"), "\(log)")
            #expect(log.contains("  new warning src/a.js:3 ESLint eqeqeq (suppression under review): eqeqeq here"))
            #expect(!log.contains("no-eval") && !log.contains("the step fails"))
            let reviewedLog = await server.state.log(141)
            #expect(reviewedLog.contains("reviewed.sarif: 2 findings (1 suppressed), 1 new (1 error)"), "\(reviewedLog)")
            #expect(reviewedLog.contains("reviewed.sarif: 1 new finding at fail_on: error; the step fails"))
        }
    }

    @Test("a server that knows suppressions is taken at its word; with nothing new and no base build the log does not say 'all new'")
    func serverCountsSuppressions() async throws {
        let workdir = try TemporaryDirectory()
        let fixture = try TemporaryDirectory("fixture")
        let report = Self.sarif([("no-eval", "error", 1, Self.inSource), ("no-alert", "error", 2, Self.inSource)])
        try Self.write(["eslint.sarif": report, "src/a.js": "eval(x)\nalert(y)\n"], to: fixture.path)
        try await FakeAgentServer.run { server in
            await server.state.answerKnowingSuppressions(for: 150, base: false)
            await server.state.enqueue(Self.job(150, fixture: fixture.path, reports: ["eslint.sarif"]))
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                let outcome = try await waitForOutcome(server, 150)
                #expect(outcome.state == .passed)
            }
            let log = await server.state.log(150)
            #expect(log.contains("mobile-ops-agent: reports: eslint.sarif: 2 findings (2 suppressed), 0 new, no base build: every unsuppressed finding is new"), "\(log)")
            #expect(!log.contains("  new "))
        }
    }
}
