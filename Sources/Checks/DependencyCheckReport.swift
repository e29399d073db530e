import Foundation

/// What `mobile-ops checks deps --json`, `POST /api/v1/checks/deps` and the pipeline step
/// answer: the violations, which of them a baseline does not hold, and the baseline's
/// violations that are gone.
///
/// A previous report is itself a baseline: only the violations' ``DependencyViolation/id``
/// values are compared, and those name rules and modules, never files or lines.
public struct DependencyCheckReport: Codable, Sendable, Hashable {
    /// Counts for the summary line.
    public struct Summary: Codable, Sendable, Hashable {
        /// Rules checked.
        public var rules: Int
        /// Modules in the graph.
        public var modules: Int
        /// Declared edges the rules could look at.
        public var edges: Int
        /// Violations found.
        public var violations: Int
        /// Violations the baseline does not hold (all of them without a baseline).
        public var new: Int
        /// Baseline violations that are gone.
        public var fixed: Int
    }

    /// Every violation, sorted by rule and chain; `new` set on those the baseline lacks.
    public var violations: [DependencyViolation]
    /// The baseline's violations that are no longer found.
    public var fixed: [DependencyViolation]
    /// Whether a baseline was compared.
    public var baseline: Bool
    /// The counts.
    public var summary: Summary
    /// What the graph readers could not follow (those declarations were not checked).
    public var warnings: [String]

    /// The report for `violations`, compared with `baseline` (a previous report) when given.
    public init(violations: [DependencyViolation], baseline: [DependencyViolation]?, rules: Int, modules: Int, edges: Int, warnings: [String] = []) {
        var violations = violations
        var fixed: [DependencyViolation] = []
        if let baseline {
            let known = Set(baseline.map(\.id))
            let current = Set(violations.map(\.id))
            for index in violations.indices { violations[index].new = !known.contains(violations[index].id) }
            var seen = Set<String>()
            fixed = baseline.filter { !current.contains($0.id) && seen.insert($0.id).inserted }.map { old in
                var gone = old
                gone.new = false
                return gone
            }.sorted { a, b in a.rule != b.rule ? a.rule < b.rule : a.chain.lexicographicallyPrecedes(b.chain) }
        } else {
            for index in violations.indices { violations[index].new = true }
        }
        self.violations = violations
        self.fixed = fixed
        self.baseline = baseline != nil
        self.summary = Summary(
            rules: rules, modules: modules, edges: edges, violations: violations.count,
            new: violations.filter(\.new).count, fixed: fixed.count
        )
        self.warnings = warnings
    }

    /// Whether the check fails: there are violations the baseline does not hold.
    public var failed: Bool { summary.new > 0 }

    /// The one-line summary people read first.
    public var headline: String {
        var parts = ["\(summary.violations) violation\(summary.violations == 1 ? "" : "s") of \(summary.rules) rule\(summary.rules == 1 ? "" : "s")"]
        if baseline {
            parts.append("\(summary.new) new")
            if summary.fixed > 0 { parts.append("\(summary.fixed) fixed since the baseline, well done") } else { parts.append("0 fixed") }
        }
        return parts.joined(separator: ", ") + " (\(summary.modules) modules, \(summary.edges) declared edges)"
    }

    // MARK: JSON

    /// The report as JSON, keys sorted, `/` unescaped: the `--json` output and the API answer.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// The violations of a previous report (its `--json` output), to use as a baseline.
    public static func baselineViolations(from data: Data) throws(DependencyChecksError) -> [DependencyViolation] {
        struct Previous: Decodable { var violations: [DependencyViolation] }
        do {
            return try JSONDecoder().decode(Previous.self, from: data).violations
        } catch {
            throw .invalidBaseline("not the JSON output of `mobile-ops checks deps --json`: \(error)")
        }
    }
}
