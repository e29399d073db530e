import Core
import Foundation
import Store

/// What storing one report came to: `POST /api/v1/builds/{id}/findings`'s answer.
public struct FindingsUpload: Sendable, Equatable, Codable {
    /// The build the findings belong to.
    public var buildID: Int64
    /// The report's name for this build; posting it again replaces its findings.
    public var source: String
    /// The format detected: `sarif`, `checkstyle`, `androidLint`, `swiftLintJSON` or `codeClimate`.
    public var format: String
    /// How many findings the report held, suppressed ones included.
    public var findings: Int
    /// How many unsuppressed findings at each level (`error`, `warning`, `note`, `none`).
    public var levels: [String: Int]
    /// How many the report suppressed (an accepted SARIF suppression), counted apart.
    public var suppressed: Int
}

extension FindingsUpload {
    /// What storing `stored` came to: the unsuppressed findings counted per level, the
    /// suppressed ones apart.
    init(buildID: Int64, source: String, format: String, stored: [StoredFinding]) {
        var levels: [String: Int] = [:]
        for finding in stored where !finding.isSuppressed { levels[finding.level, default: 0] += 1 }
        self.init(
            buildID: buildID, source: source, format: format, findings: stored.count, levels: levels,
            suppressed: stored.count(where: \.isSuppressed))
    }
}

/// A build's findings against its baseline: `GET /api/v1/builds/{id}/findings`'s answer.
public struct BuildFindings: Sendable, Equatable, Codable {
    /// The build compared with: for a pull request, its merge base's build; see `reason`.
    public struct Base: Sendable, Equatable, Codable {
        /// The baseline build.
        public var buildID: Int64
        /// The branch it was taken from (a pull request's target branch).
        public var branch: String
        /// Its number in the repository, as people see it (absent if it was deleted meanwhile).
        public var number: Int?
        /// Its commit, when it was chosen by commit (the merge base or one before it).
        public var commit: String?
        /// Why it was chosen: `merge_base`, `merge_base_ancestor` (the merge base was never
        /// built), `host_base` (the base commit the git host reported), `target_branch_latest`
        /// (neither known nor built) or `previous_build` (not a pull request).
        public var reason: String
        /// The same, in words.
        public var explanation: String
    }

    /// The build.
    public var buildID: Int64
    /// The baseline; absent when there is none, and then every finding is new.
    public var base: Base?
    /// The `failOn` level applied: `error`, `warning` or `never`.
    public var failOn: String
    /// Whether a new finding is severe enough to fail under `failOn`.
    public var fails: Bool
    /// Every finding of the build, suppressed ones included.
    public var total: Int
    /// Unsuppressed findings the baseline's unsuppressed findings do not have.
    public var newCount: Int
    /// Unsuppressed findings the baseline has too.
    public var unchanged: Int
    /// Findings the reports suppressed: never new, never failing, never annotated.
    public var suppressed: Int
    /// The baseline's unsuppressed findings this build no longer has (suppressing one is not
    /// fixing it).
    public var fixed: Int
    /// The new findings (a suppression under review shows in their `suppression`).
    public var new: [StoredFinding]
}

/// Findings over time: `GET /api/v1/metrics/findings`'s answer.
public struct FindingsTrend: Sendable, Equatable, Codable {
    /// A rule whose count grew over the window.
    public struct Growth: Sendable, Equatable, Codable {
        /// The analyser.
        public var tool: String
        /// The rule.
        public var ruleID: String
        /// Its count on the window's first day with findings (0 when it had none then).
        public var first: Int
        /// Its count on the window's last day with findings.
        public var last: Int
        /// `last - first`.
        public var change: Int
    }

    /// The branch counted.
    public var branch: String
    /// The window, in days before now.
    public var days: Int
    /// Per day, tool and rule, oldest first.
    public var rows: [FindingTrendRow]
    /// The rules that grew most from the first day to the last, at most ten, most first.
    public var growing: [Growth]

    /// The rules whose count rose between the first and the last day of `rows`, by how much.
    static func growing(_ rows: [FindingTrendRow]) -> [Growth] {
        guard let firstDay = rows.first?.day, let lastDay = rows.last?.day, firstDay != lastDay else { return [] }
        struct Rule: Hashable { var tool: String, ruleID: String }
        var first: [Rule: Int] = [:], last: [Rule: Int] = [:]
        for row in rows where row.day == firstDay { first[Rule(tool: row.tool, ruleID: row.ruleID), default: 0] += row.count }
        for row in rows where row.day == lastDay { last[Rule(tool: row.tool, ruleID: row.ruleID), default: 0] += row.count }
        return last.compactMap { rule, count -> Growth? in
            let before = first[rule] ?? 0
            return count > before ? Growth(tool: rule.tool, ruleID: rule.ruleID, first: before, last: count, change: count - before) : nil
        }
        .sorted { ($0.change, $1.tool, $1.ruleID) > ($1.change, $0.tool, $0.ruleID) }
        .prefix(10).map { $0 }
    }
}
