import Core
import MemberwiseInit

// MARK: - FindingsReport

/// A finished build's analyser findings against its baseline, as the pull request is told of
/// them: which build and commit, what it was compared with, the counts, and the new findings.
///
/// Provider-neutral: each client's ``GitHostClient/reportFindings(_:repository:externalID:)``
/// shapes it into a GitHub check run, a GitLab merge-request note and status, or a Bitbucket
/// Code Insights report.
@MemberwiseInit(.public)
public struct FindingsReport: Sendable, Equatable {
    /// One new finding: the store's own value (tool, rule, level, message, file, line).
    public typealias Finding = StoredFinding

    /// The build reported on.
    public var build: Build
    /// The baseline build, when there is one (without, every finding is new).
    public var baseBuildID: Int64?
    /// The branch the baseline was taken from.
    public var baseBranch: String?
    /// Why that build is the baseline, in words (the merge base's build, or what was taken
    /// instead and why).
    public var baseExplanation: String?
    /// Every finding of the build, suppressed ones included.
    public var total: Int
    /// Findings the baseline has too.
    public var unchanged: Int
    /// Findings the reports suppressed: counted, never new, never annotated.
    public var suppressed: Int = 0
    /// The baseline's findings this build no longer has.
    public var fixed: Int
    /// The findings the baseline does not have: the ones to show.
    public var new: [Finding]

    /// How many new findings are errors.
    public var newErrors: Int { new.count(where: \.isError) }

    /// The verdict: `failure` when a new finding is an error, `neutral` when there are only new
    /// warnings or notes, `success` when nothing is new. Findings the baseline already had never
    /// count against a pull request.
    public var conclusion: Conclusion {
        if newErrors > 0 { return .failure }
        return new.isEmpty ? .success : .neutral
    }

    /// The new findings, errors first, then warnings, then the rest, each group in the store's
    /// order (tool, file, line): when a cap cuts the list, what is left out is the least severe.
    public var newBySeverity: [Finding] {
        func rank(_ finding: Finding) -> Int {
            switch finding.level {
            case "error": 0
            case "warning": 1
            default: 2
            }
        }
        return new.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
    }

    // MARK: Conclusion

    /// What the new findings come to.
    public enum Conclusion: String, Sendable, Equatable {
        /// Nothing new.
        case success
        /// New warnings or notes, no new error.
        case neutral
        /// At least one new error.
        case failure
    }
}
