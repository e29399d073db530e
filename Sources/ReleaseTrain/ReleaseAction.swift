// MARK: - ReleaseAction

/// Something that happens to a release: a step the scheduler drives, a person's decision or a
/// store's answer. Each accepted action becomes one audit event.
public enum ReleaseAction: Sendable, Hashable {
    /// The release branch was created.
    case cutBranch
    /// A release-candidate build started (again, after a fix: approvals are then cleared).
    case rcBuildStarted
    /// The RC build passed.
    case rcBuildPassed
    /// The RC build failed; the release goes back to `branch_cut` for a fix and a new RC.
    case rcBuildFailed(reason: String)
    /// `by` signs off gate `gate`; signing a gate twice changes nothing.
    case approve(gate: String, by: String)
    /// Start submitting to the stores; needs every gate signed.
    case submit
    /// The stores accepted the submission; it is now in review.
    case submitted
    /// The stores approved the build.
    case reviewApproved
    /// App Review rejected the build: back to `branch_cut` with the reason; sign-offs stay
    /// until a new release candidate is built.
    case reviewRejected(reason: String)
    /// The staged rollout advanced: `percent` (0–100) is the share every store has reached;
    /// `shares` names each app store's own share for the audit log (`Google Play 10%, App Store 1%`).
    case rolloutStep(percent: Double, shares: String = "")
    /// The rollout reached everyone.
    case rolloutComplete
    /// Stop here (by hand or on a health breach); ``resume`` continues where it stopped.
    case halt(reason: String)
    /// Continue a halted release in the state it halted from.
    case resume
    /// Give up on the release.
    case fail(reason: String)
    /// Call the release off (not possible once users have it: halt instead).
    case cancel(reason: String)
    /// Start a hotfix release with `version` on top of this released one.
    case startHotfix(version: String)

    /// The action's API name (`POST /releases/{id}/{action}` and 409 answers use these).
    public var name: ReleaseActionName {
        switch self {
        case .cutBranch: .cutBranch
        case .rcBuildStarted: .rcBuildStarted
        case .rcBuildPassed: .rcBuildPassed
        case .rcBuildFailed: .rcBuildFailed
        case .approve: .approve
        case .submit: .submit
        case .submitted: .submitted
        case .reviewApproved: .reviewApproved
        case .reviewRejected: .reviewRejected
        case .rolloutStep: .rolloutStep
        case .rolloutComplete: .rolloutComplete
        case .halt: .halt
        case .resume: .resume
        case .fail: .fail
        case .cancel: .cancel
        case .startHotfix: .hotfix
        }
    }
}

// MARK: - ReleaseActionName

/// An action's name without its parameters, as the API and audit log spell it.
public enum ReleaseActionName: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// See ``ReleaseAction/cutBranch``.
    case cutBranch = "cut_branch"
    /// See ``ReleaseAction/rcBuildStarted``.
    case rcBuildStarted = "rc_build_started"
    /// See ``ReleaseAction/rcBuildPassed``.
    case rcBuildPassed = "rc_build_passed"
    /// See ``ReleaseAction/rcBuildFailed(reason:)``.
    case rcBuildFailed = "rc_build_failed"
    /// See ``ReleaseAction/approve(gate:by:)``.
    case approve
    /// See ``ReleaseAction/submit``.
    case submit
    /// See ``ReleaseAction/submitted``.
    case submitted
    /// See ``ReleaseAction/reviewApproved``.
    case reviewApproved = "review_approved"
    /// See ``ReleaseAction/reviewRejected(reason:)``.
    case reviewRejected = "review_rejected"
    /// See ``ReleaseAction/rolloutStep(percent:shares:)``.
    case rolloutStep = "rollout_step"
    /// See ``ReleaseAction/rolloutComplete``.
    case rolloutComplete = "rollout_complete"
    /// See ``ReleaseAction/halt(reason:)``.
    case halt
    /// See ``ReleaseAction/resume``.
    case resume
    /// See ``ReleaseAction/fail(reason:)``.
    case fail
    /// See ``ReleaseAction/cancel(reason:)``.
    case cancel
    /// See ``ReleaseAction/startHotfix(version:)``.
    case hotfix

    /// The API name.
    public var description: String { rawValue }
}
