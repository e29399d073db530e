import Core
import Foundation

/// `GET /api/v1/builds/{id}/findings`: a build's findings against its baseline.
struct BuildFindingsView: Decodable {
    struct Base: Decodable {
        var buildID: Int64
        var branch: String
        var number: Int?
        /// Why it is the baseline, in words (absent from servers that predate merge bases).
        var explanation: String?
    }
    var buildID: Int64
    var base: Base?
    var failOn: String
    var fails: Bool
    var total: Int
    var newCount: Int
    var unchanged: Int
    /// Absent from servers that predate suppressions.
    var suppressed: Int?
    var fixed: Int
    var new: [StoredFinding]
}

/// `GET /api/v1/metrics/findings`: findings per day, tool and rule, and the rules that grew.
struct FindingsTrendView: Decodable {
    struct Row: Decodable {
        /// `YYYY-MM-DD`, UTC.
        var day: String
        var tool: String
        var ruleID: String
        var count: Int
    }
    struct Growth: Decodable {
        var tool: String
        var ruleID: String
        var first: Int
        var last: Int
        var change: Int
    }
    var branch: String
    var days: Int
    var rows: [Row]
    var growing: [Growth]
}

/// How findings look in the terminal.
enum FindingsFormatting {
    /// `1 error, 2 warning`: the findings' levels, most severe first.
    static func levels(_ findings: [StoredFinding]) -> String {
        let order = ["error", "warning", "note", "none"]
        let counts = Dictionary(grouping: findings, by: \.level).mapValues(\.count)
        return counts.keys.sorted { (order.firstIndex(of: $0) ?? 9, $0) < (order.firstIndex(of: $1) ?? 9, $1) }
            .map { "\(counts[$0] ?? 0) \($0)" }.joined(separator: ", ")
    }

    /// The comparison in a line or two, then the new findings.
    static func print(_ findings: BuildFindingsView) {
        let base = findings.base.map { base in
            "compared with build \(base.buildID)" + (base.number.map { " (#\($0))" } ?? "") + " on \(base.branch)"
                + (base.explanation.map { ", \($0)" } ?? "")
        } ?? "no base build: every \((findings.suppressed ?? 0) > 0 ? "unsuppressed " : "")finding is new"
        let new = findings.new.isEmpty ? "" : " (\(levels(findings.new)))"
        let suppressed = (findings.suppressed ?? 0) > 0 ? ", \(findings.suppressed ?? 0) suppressed" : ""
        Swift.print("Build \(findings.buildID): \(findings.total) findings, \(findings.newCount) new\(new), "
            + "\(findings.unchanged) unchanged, \(findings.fixed) fixed\(suppressed); \(base).")
        Swift.print("Fails at fail_on \(findings.failOn): \(findings.fails ? "yes" : "no")")
        guard !findings.new.isEmpty else { return }
        Swift.print("")
        Output.table(["LEVEL", "TOOL", "RULE", "WHERE", "MESSAGE"], findings.new.map { finding in
            [
                finding.level, finding.tool, finding.ruleID, finding.path.map { $0 + (finding.line.map { ":\($0)" } ?? "") } ?? "-",
                (finding.isUnderReview ? "(suppression under review) " : "")
                    + MetricsParseCommand.oneLine(finding.message, limit: 160),
            ]
        })
        if findings.newCount > findings.new.count {
            Swift.print("… and \(findings.newCount - findings.new.count) more (--json prints what the server sent)")
        }
    }
}
