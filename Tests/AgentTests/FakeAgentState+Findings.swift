import Core
import Foundation

// MARK: - The findings route's answers

extension FakeAgentState {
    /// The shape of the server's answer (`BuildFindings`); `suppressed` is absent from servers
    /// that predate suppressions.
    private struct Answer: Encodable {
        struct Base: Encodable { var buildID: Int64, branch: String, number: Int }
        var buildID: Int64, base: Base?, failOn: String, fails: Bool, total: Int, newCount: Int, unchanged: Int, fixed: Int
        var suppressed: Int?
        var new: [StoredFinding]
    }

    /// Whether a new finding at `level` fails under `failOn`, as `FailOn` says.
    private static func fails(_ level: String, failOn: String) -> Bool {
        let ranks = ["none": 0, "note": 1, "warning": 2, "error": 3]
        return (ranks[level] ?? 0) >= (["error": 3, "warning": 2][failOn] ?? 99)
    }

    private static func encoded(_ answer: Answer) -> [UInt8] { Array((try? JSONEncoder().encode(answer)) ?? Data()) }

    /// The answer of a server that predates suppressions: it ignores them, so findings of known
    /// rules are unchanged, every other one new (a suppressed one too), and `fails` follows
    /// `failOn`.
    static func answer(_ report: JobFindings, known: Set<String>, buildID: Int64) -> [UInt8] {
        let new = report.findings.filter { !known.contains("\($0.tool)/\($0.ruleID)") }
        return encoded(Answer(
            buildID: buildID, base: Answer.Base(buildID: 9041, branch: "main", number: 41), failOn: report.failOn,
            fails: new.contains { fails($0.level, failOn: report.failOn) }, total: report.findings.count, newCount: new.count,
            unchanged: report.findings.count - new.count, fixed: 0, new: new))
    }

    /// The answer of a server that knows suppressions: accepted-suppressed findings are counted
    /// apart and never new; without a base build every other finding is new.
    static func suppressionAwareAnswer(_ report: JobFindings, known: Set<String>, base: Bool, buildID: Int64) -> [UInt8] {
        let counted = report.findings.filter { !$0.isSuppressed }
        let new = counted.filter { !base || !known.contains("\($0.tool)/\($0.ruleID)") }
        return encoded(Answer(
            buildID: buildID, base: base ? Answer.Base(buildID: 9041, branch: "main", number: 41) : nil, failOn: report.failOn,
            fails: new.contains { fails($0.level, failOn: report.failOn) }, total: report.findings.count, newCount: new.count,
            unchanged: counted.count - new.count, fixed: 0, suppressed: report.findings.count - counted.count, new: new))
    }
}
