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
/// new, which were there already, and which the pull request fixed.
public struct FindingsComparison: Equatable, Sendable {
    /// Findings whose fingerprint the base build does not have: the ones to report.
    public let new: [Finding]
    /// Findings the base build has too.
    public let unchanged: [Finding]
    /// Fingerprints of the base build's findings that are gone, sorted.
    public let fixed: [String]

    /// Compares `head` (the pull request's findings, fingerprinted) with the base build's
    /// fingerprints. With no base build, pass an empty sequence: every finding is new.
    public init(baseFingerprints: some Sequence<String>, head: [Finding]) {
        let base = Set(baseFingerprints)
        var new: [Finding] = []
        var unchanged: [Finding] = []
        for finding in head {
            if base.contains(finding.fingerprint) { unchanged.append(finding) } else { new.append(finding) }
        }
        let present = Set(head.map(\.fingerprint))
        self.new = new
        self.unchanged = unchanged
        self.fixed = base.subtracting(present).sorted()
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
