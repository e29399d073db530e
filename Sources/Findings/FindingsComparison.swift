import Core

extension FailOn {
    /// Whether a new finding at `level` fails the step.
    public func fails(_ level: FindingLevel) -> Bool {
        switch self {
        case .error: level >= .error
        case .warning: level >= .warning
        case .never: false
        }
    }
}

/// A pull request's findings against its target branch's latest finished build: which are
/// new, which were there already, which the report suppressed, and which the pull request fixed.
///
/// Suppressed findings (an accepted SARIF suppression) are counted apart on both sides: never
/// new, never failing, and a baseline's suppressed finding is no baseline for an unsuppressed
/// one, so removing a suppression makes its finding new. Silencing a finding is not fixing it:
/// a baseline finding the pull request suppresses is not `fixed`.
public struct FindingsComparison: Equatable, Sendable {
    /// Unsuppressed findings whose fingerprint the base build's unsuppressed findings do not
    /// have: the ones to report.
    public let new: [Finding]
    /// Unsuppressed findings the base build has too.
    public let unchanged: [Finding]
    /// Findings the report suppressed.
    public let suppressed: [Finding]
    /// Fingerprints of the base build's unsuppressed findings that the pull request no longer
    /// has, suppressed or not, sorted.
    public let fixed: [String]

    /// Compares `head` (the pull request's findings, fingerprinted) with the base build's
    /// findings. With no base build, pass none: every unsuppressed finding is new.
    public init(base: some Sequence<Finding>, head: [Finding]) {
        let baseline = Set(base.lazy.filter { !$0.isSuppressed }.map(\.fingerprint))
        var new: [Finding] = []
        var unchanged: [Finding] = []
        var suppressed: [Finding] = []
        for finding in head {
            if finding.isSuppressed {
                suppressed.append(finding)
            } else if baseline.contains(finding.fingerprint) {
                unchanged.append(finding)
            } else {
                new.append(finding)
            }
        }
        let present = Set(head.map(\.fingerprint))
        self.new = new
        self.unchanged = unchanged
        self.suppressed = suppressed
        self.fixed = baseline.subtracting(present).sorted()
    }

    /// The new findings that fail the step under `failOn`.
    public func failing(_ failOn: FailOn) -> [Finding] {
        new.filter { failOn.fails($0.level) }
    }

    /// Whether the step fails under `failOn`: some new finding is severe enough.
    public func fails(_ failOn: FailOn) -> Bool {
        new.contains { failOn.fails($0.level) }
    }
}
