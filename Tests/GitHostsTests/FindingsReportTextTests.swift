import Core
import Foundation
@testable import GitHosts
import Testing

/// What a pull request reads of a findings report: the comparison line (suppressed findings
/// counted apart, never "new") and each finding's message (a suppression under review said).
@Suite("Findings report text")
struct FindingsReportTextTests {
    static func finding(_ rule: String, suppression: FindingSuppression? = nil) -> FindingsReport.Finding {
        FindingsReport.Finding(
            tool: "ESLint", ruleID: rule, level: "error", message: "\(rule) here", path: "src/a.js", line: 3, fingerprint: rule,
            suppression: suppression?.rawValue)
    }

    static func report(base: Bool, total: Int, suppressed: Int, new: [FindingsReport.Finding]) -> FindingsReport {
        FindingsReport(
            build: GitHostFindingsTests.build(pullRequest: 7), baseBuildID: base ? 9 : nil, baseBranch: base ? "main" : nil, total: total,
            unchanged: base ? total - suppressed - new.count : 0, suppressed: suppressed, fixed: base ? 1 : 0, new: new)
    }

    @Test("without a base build, suppressed findings are not called new: the new count is given instead of 'all new'")
    func noBaseWithSuppressed() {
        let silenced = Self.report(base: false, total: 12, suppressed: 12, new: [])
        #expect(silenced.comparison == "Build 41 (ios-pr #6) has 12 findings, 12 suppressed, 0 new: "
            + "there is no earlier finished build with findings to compare with, so every unsuppressed finding is new.")
        let some = Self.report(base: false, total: 3, suppressed: 1, new: [Self.finding("a"), Self.finding("b")])
        #expect(some.comparison.hasPrefix("Build 41 (ios-pr #6) has 3 findings, 1 suppressed, 2 new: "), "\(some.comparison)")
        let none = Self.report(base: false, total: 2, suppressed: 0, new: [Self.finding("a"), Self.finding("b")])
        #expect(none.comparison == "Build 41 (ios-pr #6) has 2 findings, all new: there is no earlier finished build with findings to compare with.")
    }

    @Test("with a base build the suppressed findings are counted beside new, unchanged and fixed")
    func withBase() {
        let report = Self.report(base: true, total: 6, suppressed: 2, new: [Self.finding("a")])
        #expect(report.comparison == "Build 41 (ios-pr #6) has 6 findings: 1 new, 3 unchanged, 1 fixed, 2 suppressed, compared with build 9 of `main`.")
        #expect(Self.report(base: true, total: 4, suppressed: 0, new: []).comparison.hasSuffix(": 0 new, 4 unchanged, 1 fixed, compared with build 9 of `main`."))
    }

    @Test("a finding whose suppression waits for review says so wherever it is shown; the note's table shows it")
    func underReview() {
        #expect(Self.finding("a", suppression: .underReview).shownMessage == "(suppression under review) a here")
        #expect(Self.finding("a").shownMessage == "a here")
        let report = Self.report(base: true, total: 2, suppressed: 0, new: [Self.finding("eqeqeq", suppression: .underReview)])
        let note = GitLabNotesAPI.noteBody(report, detailsURL: nil)
        #expect(note.contains("| error | ESLint | eqeqeq | src/a.js:3 | (suppression under review) eqeqeq here |"), "\(note)")
    }
}
