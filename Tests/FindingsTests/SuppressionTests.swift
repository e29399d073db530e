import Core
import Foundation
import Findings
import Testing

/// SARIF results a team suppressed (`suppressions`, §3.27.23): stored and counted apart, never
/// new, never failing a step; `underReview` is reported as such, `rejected` does not suppress.
@Suite("suppressed findings")
struct SuppressionTests {
    func read(_ name: String) throws -> [Finding] {
        try FindingsReader(repositoryRoot: "/Users/dev/widget", readsSources: false).read(Fixture.data(name)).findings
    }

    @Test("ESLint's in-source suppressions: every result read, every one suppressed")
    func eslint() throws {
        let findings = try read("eslint-suppressed.sarif")
        #expect(findings.count == 3)
        #expect(findings.allSatisfy { $0.suppression == .accepted && $0.isSuppressed })
        #expect(findings.map(\.level) == [.error, .warning, .error])
        #expect(findings.map(\.path) == ["src/widget.js", "src/widget.js", "src/widget.js"])
        // Nothing is new, so nothing fails, even at `fail_on: warning` with no baseline.
        let comparison = FindingsComparison(base: [], head: findings)
        #expect(comparison.new.isEmpty && comparison.unchanged.isEmpty)
        #expect(comparison.suppressed.count == 3)
        #expect(!comparison.fails(.warning))
    }

    @Test("each status: absent or accepted suppresses, underReview is kept as such, rejected outweighs the rest")
    func statuses() throws {
        let findings = try read("sarif-suppressions.sarif")
        #expect(findings.map(\.suppression) == [
            nil,           // no suppressions
            nil,           // an empty array
            .accepted,     // kind inSource, no status
            .accepted,     // status accepted
            .underReview,  // status underReview
            nil,           // status rejected
            nil,           // accepted and rejected: a reviewer found it real
            .underReview,  // accepted and under review: not silenced until accepted
            nil,           // a status this reader does not know silences nothing
        ])
    }

    @Test("a finding under review is new and fails like any other")
    func underReviewCounts() throws {
        let findings = try read("sarif-suppressions.sarif")
        let comparison = FindingsComparison(base: [], head: findings)
        #expect(comparison.suppressed.count == 2)
        #expect(comparison.new.count == 7)
        #expect(comparison.new.contains { $0.suppression == .underReview })
        #expect(comparison.fails(.error))
    }

    func finding(_ fingerprint: String, _ suppression: FindingSuppression? = nil) -> Finding {
        Finding(tool: "t", ruleID: "r", level: .error, message: "m", path: "p", startLine: 1, fingerprint: fingerprint, suppression: suppression)
    }

    @Test("removing a suppression makes its finding new; adding one is not a fix")
    func acrossBuilds() {
        // `a` was suppressed on the target branch and no longer is; `b` is suppressed now.
        let comparison = FindingsComparison(base: [finding("a", .accepted), finding("b"), finding("c")], head: [finding("a"), finding("b", .accepted)])
        #expect(comparison.new.map(\.fingerprint) == ["a"])
        #expect(comparison.suppressed.map(\.fingerprint) == ["b"])
        #expect(comparison.fixed == ["c"])
        #expect(comparison.fails(.error))
    }

    @Test("the suppression is kept, sent and checked with the finding")
    func stored() throws {
        let stored = StoredFinding(finding("f", .underReview))
        #expect(stored.suppression == "underReview" && !stored.isSuppressed)
        #expect(Finding(stored).suppression == .underReview)
        #expect(StoredFinding(finding("g", .accepted)).isSuppressed)
        #expect(StoredFinding(finding("h")).suppression == nil)
        var odd = StoredFinding(finding(String(repeating: "a", count: 64)))
        #expect(odd.problem == nil)
        odd.suppression = "dismissed"
        #expect(odd.problem == "suppression must be absent or accepted or underReview, not 'dismissed'")
        #expect(odd.fitted().suppression == "dismissed")
        // A body from an agent that predates suppressions decodes with none.
        let old = #"{"tool":"t","ruleID":"r","level":"error","message":"m","fingerprint":"f"}"#
        #expect(try JSONDecoder().decode(StoredFinding.self, from: Data(old.utf8)).suppression == nil)
    }
}
