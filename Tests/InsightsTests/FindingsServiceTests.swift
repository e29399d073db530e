import Core
import Foundation
@testable import Insights
import Testing

/// How `FindingsService` counts suppressed findings: apart from the levels of an upload, never
/// new, never failing, never a baseline.
@Suite("Findings comparison and uploads with suppressed findings")
struct FindingsServiceTests {
    /// A finding of `rule` at `level`, its fingerprint the rule's.
    static func finding(_ rule: String, _ level: String = "error", suppression: FindingSuppression? = nil) -> StoredFinding {
        StoredFinding(
            tool: "ESLint", ruleID: rule, level: level, message: "\(rule) here", path: "src/a.js", line: 1,
            fingerprint: String(repeating: "0", count: 64 - rule.count) + rule, suppression: suppression?.rawValue)
    }

    static let base = BuildFindings.Base(
        buildID: 9, branch: "main", number: 4, commit: nil, reason: "previous_build", explanation: "the newest earlier build of main with findings")

    @Test("suppressed findings are never new and never fail; one under review is new and fails like any other")
    func comparedLeavesSuppressedOut() {
        let head = [
            Self.finding("a", suppression: .accepted), Self.finding("b", "warning"), Self.finding("c", suppression: .underReview),
            Self.finding("d"),
        ]
        let compared = FindingsService.compared(head, with: [Self.finding("d")], base: Self.base, buildID: 12, failOn: .error)
        #expect(compared.new.map(\.ruleID) == ["b", "c"])
        #expect(compared.total == 4 && compared.newCount == 2 && compared.unchanged == 1 && compared.suppressed == 1 && compared.fixed == 0)
        #expect(compared.fails, "c's suppression is only under review")
        let silenced = FindingsService.compared(
            [Self.finding("a", suppression: .accepted), Self.finding("b", "warning")], with: [], base: nil, buildID: 12, failOn: .error)
        #expect(silenced.new.map(\.ruleID) == ["b"] && silenced.suppressed == 1 && !silenced.fails, "an accepted error does not fail")
        // Suppressing a finding of the baseline is not fixing it, and the baseline's suppressed findings are no baseline.
        let suppressedNow = FindingsService.compared(
            [Self.finding("d", suppression: .accepted), Self.finding("e")], with: [Self.finding("d"), Self.finding("e", suppression: .accepted)],
            base: Self.base, buildID: 12, failOn: .never)
        #expect(suppressedNow.fixed == 0 && suppressedNow.new.map(\.ruleID) == ["e"] && !suppressedNow.fails)
    }

    @Test("an upload counts its unsuppressed findings per level and the suppressed ones apart")
    func uploadCounts() async throws {
        let sarif = #"""
            {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "ESLint"}}, "results": [
              {"ruleId": "no-eval", "level": "error", "message": {"text": "eval"}, "suppressions": [{"kind": "inSource"}]},
              {"ruleId": "no-alert", "level": "error", "message": {"text": "alert"}, "suppressions": [{"kind": "external", "status": "underReview"}]},
              {"ruleId": "eqeqeq", "level": "warning", "message": {"text": "=="}, "suppressions": [{"kind": "inSource", "status": "rejected"}]},
              {"ruleId": "no-var", "level": "warning", "message": {"text": "var"}, "suppressions": [{"kind": "inSource", "status": "accepted"}]}]}]}
            """#
        let findings = try await FindingsService.read(Data(sarif.utf8), root: nil).get().1
        #expect(findings.map(\.suppression) == ["accepted", "underReview", nil, "accepted"])
        let upload = FindingsUpload(buildID: 3, source: "eslint", format: "sarif", stored: findings)
        #expect(upload == FindingsUpload(
            buildID: 3, source: "eslint", format: "sarif", findings: 4, levels: ["error": 1, "warning": 1], suppressed: 2))
    }
}
