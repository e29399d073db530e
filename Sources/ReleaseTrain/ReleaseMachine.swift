import Foundation
import MemberwiseInit

// MARK: - ReleaseMachine

/// One release's state and everything its transitions depend on, as a plain value: the
/// store persists it, ``apply(_:actor:at:)`` computes the next one. Pure: no I/O, no clock.
public struct ReleaseMachine: Sendable, Hashable, Codable {
    /// The version being released, e.g. `2.5.0`.
    public var version: String
    /// A regular release or a hotfix of an earlier version.
    public var kind: ReleaseKind
    /// Where the release is.
    public var state: ReleaseState
    /// The state a halted release resumes in; `nil` unless halted.
    public var haltedFrom: ReleaseState?
    /// Why the release is halted, or why it failed or was canceled.
    public var reason: String?
    /// The sign-off gates this release needs (copied from the train when it started).
    public var requiredGates: [String]
    /// Sign-offs given so far, in the order they arrived.
    public var approvals: [Approval]
    /// The share of users every store has reached, the lowest of the stores' shares (0 before
    /// the rollout starts); each store's own share is kept with the release's store state.
    public var rolloutPercent: Double
    /// Why App Review rejected the current release candidate; `nil` unless that is why the
    /// release is back at `branch_cut` (a failed RC build is a different problem).
    public var rejection: String?

    /// A release in `scheduled`, waiting for its branch.
    public init(version: String, kind: ReleaseKind = .regular, requiredGates: [String]) {
        self.version = version
        self.kind = kind
        self.state = .scheduled
        self.haltedFrom = nil
        self.reason = nil
        self.requiredGates = requiredGates
        self.approvals = []
        self.rolloutPercent = 0
    }

    // MARK: Sign-off

    /// Gates not signed yet, in the train's order.
    public var missingGates: [String] {
        let signed = Set(approvals.map(\.gate))
        return requiredGates.filter { !signed.contains($0) }
    }

    /// Whether the release waits for nothing but the `submit` action.
    public var isReadyToSubmit: Bool {
        state == .awaitingSignoff && missingGates.isEmpty
    }

    // MARK: Allowed actions

    /// What may happen next, for 409 answers and for UIs offering buttons.
    public var allowedActions: [ReleaseActionName] {
        let stoppers: [ReleaseActionName] = [.halt, .cancel, .fail]
        switch state {
        case .scheduled: return [.cutBranch] + stoppers
        case .branchCut: return [.rcBuildStarted] + stoppers
        case .buildingRC: return [.rcBuildPassed, .rcBuildFailed] + stoppers
        case .awaitingSignoff:
            return [.approve] + (missingGates.isEmpty ? [.submit] : []) + [.rcBuildStarted] + stoppers
        case .submitting: return [.submitted] + stoppers
        case .inReview: return [.reviewApproved, .reviewRejected] + stoppers
        // Users already have the build: it can be halted or failed, not called off.
        case .rollingOut: return [.rolloutStep, .rolloutComplete, .halt, .fail]
        case .halted: return haltedFrom == .rollingOut ? [.resume, .fail] : [.resume, .cancel, .fail]
        case .released: return [.hotfix]
        case .failed, .canceled: return []
        }
    }

    /// The forward action that moves the release along from here (what `advance` does), or
    /// `nil` where the next step is a person's (sign-off) or a choice (halted, terminal).
    public var forwardAction: ReleaseActionName? {
        switch state {
        case .scheduled: .cutBranch
        case .branchCut: .rcBuildStarted
        case .buildingRC: .rcBuildPassed
        case .awaitingSignoff: missingGates.isEmpty ? .submit : nil
        case .submitting: .submitted
        case .inReview: .reviewApproved
        case .rollingOut: .rolloutComplete
        case .halted, .released, .failed, .canceled: nil
        }
    }
}

// MARK: - ReleaseKind

/// Whether a release is a regular train release or a hotfix.
public enum ReleaseKind: Sendable, Hashable, Codable {
    /// A release started by the cadence or by hand.
    case regular
    /// A hotfix on top of the released version `base`, on its own branch.
    case hotfix(base: String)

    /// Whether this is a hotfix.
    public var isHotfix: Bool {
        if case .hotfix = self { return true }
        return false
    }
}

// MARK: - Approval

/// One sign-off: who signed which gate, and when.
@MemberwiseInit(.public)
public struct Approval: Sendable, Hashable, Codable {
    /// The gate's name, e.g. `qa`.
    public var gate: String
    /// Who signed it.
    public var by: String
    /// When it was signed.
    public var at: Date
}
