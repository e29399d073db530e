// MARK: - ReleaseState

/// Where a release is on its way from branch cut to a fully rolled-out store release.
///
/// The raw values are the API's snake_case names.
public enum ReleaseState: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Created (by the cadence or by hand), nothing done yet.
    case scheduled
    /// The release branch exists.
    case branchCut = "branch_cut"
    /// A release-candidate build is running.
    case buildingRC = "building_rc"
    /// The RC passed; waiting for every sign-off gate.
    case awaitingSignoff = "awaiting_signoff"
    /// Being submitted to the stores.
    case submitting
    /// The stores are reviewing the build.
    case inReview = "in_review"
    /// Approved and rolling out in stages.
    case rollingOut = "rolling_out"
    /// Fully rolled out: done.
    case released
    /// Stopped by hand or by a health breach; ``ReleaseMachine/haltedFrom`` says where to resume.
    case halted
    /// Given up on after an error: done.
    case failed
    /// Called off before reaching users: done.
    case canceled

    /// The API name.
    public var description: String { rawValue }

    /// Whether nothing more can happen to the release itself (a released one can still
    /// spawn a hotfix, which is a new release).
    public var isTerminal: Bool {
        switch self {
        case .released, .failed, .canceled: true
        default: false
        }
    }
}
