import MemberwiseInit

/// One analyser finding as MobileOps keeps it: what the `Findings` module read from a report,
/// reduced to what comparisons, pull-request annotations and trends need. Agents send findings
/// in this shape (``JobFindings``) and the store keeps them so with their build.
@MemberwiseInit(.public)
public struct StoredFinding: Sendable, Equatable, Codable {
    /// The analyser (`SwiftLint`, `detekt`, `Android Lint`, a SARIF run's driver name).
    public var tool: String
    /// The tool's rule id.
    public var ruleID: String
    /// `error`, `warning`, `note` or `none`.
    public var level: String
    /// The tool's message.
    public var message: String
    /// The file, relative to the repository root, when the finding has one.
    public var path: String?
    /// The first line (1-based), when known.
    public var line: Int?
    /// What identifies the finding across builds however the code around it moved.
    public var fingerprint: String
    /// A ``FindingSuppression`` raw value (`accepted`, `underReview`) when the report
    /// suppressed the finding; absent otherwise (and from agents that predate suppressions).
    public var suppression: String?

    /// Whether the report silenced the finding (an accepted suppression): it is counted apart,
    /// never new, never failing a step, never annotated.
    public var isSuppressed: Bool { suppression == FindingSuppression.accepted.rawValue }

    /// Whether the report's suppression of the finding waits for review: it counts like any
    /// other finding, and every place that shows it says so.
    public var isUnderReview: Bool { suppression == FindingSuppression.underReview.rawValue }
}
