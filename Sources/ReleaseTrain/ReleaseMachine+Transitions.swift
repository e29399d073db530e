import Foundation
import MemberwiseInit

// MARK: - Transitions

extension ReleaseMachine {
    /// Applies `action` by `actor` at `date`: the next machine plus the audit event, or an
    /// error listing what is allowed instead (the server answers 409 with it).
    ///
    /// Signing a gate that is already signed is accepted and changes nothing
    /// (``ReleaseTransition/changed`` is false) in any state but a terminal one, so two
    /// identical approvals racing each other both succeed, even when the first one already
    /// let the release move on, and the release advances once.
    public func apply(_ action: ReleaseAction, actor: String, at date: Date) throws(ReleaseTransitionError) -> ReleaseTransition {
        if case .approve(let gate, _) = action, !state.isTerminal, approvals.contains(where: { $0.gate == gate }) {
            return ReleaseTransition(release: self, event: event(action, actor, date, to: state, "gate \(gate) was already signed"), changed: false)
        }
        if action.name == .submit, state == .awaitingSignoff, !missingGates.isEmpty {
            throw ReleaseTransitionError(kind: .gatesMissing(missingGates), action: .submit, state: state, allowed: allowedActions, offered: userActions)
        }
        guard allowedActions.contains(action.name) else {
            throw ReleaseTransitionError(kind: .notAllowed, action: action.name, state: state, allowed: allowedActions, offered: userActions)
        }
        var next = self
        var detail = ""
        var hotfix: ReleaseMachine?
        switch action {
        case .cutBranch:
            next.state = .branchCut
        case .rcBuildStarted:
            if !approvals.isEmpty { detail = "approvals cleared for the new release candidate" }
            next.approvals = []
            next.rejection = nil
            next.state = .buildingRC
        case .rcBuildPassed:
            next.state = .awaitingSignoff
        case .rcBuildFailed(let reason):
            next.state = .branchCut
            detail = reason
        case .approve(let gate, let by):
            guard requiredGates.contains(gate) else {
                throw ReleaseTransitionError(kind: .unknownGate(gate, known: requiredGates), action: .approve, state: state, allowed: allowedActions, offered: userActions)
            }
            next.approvals.append(Approval(gate: gate, by: by, at: date))
            detail = "gate \(gate) signed by \(by)"
        case .submit:
            next.state = .submitting
        case .submitted:
            next.state = .inReview
        case .reviewApproved:
            next.state = .rollingOut
        case .reviewRejected(let reason):
            // The candidate is unchanged, so its sign-offs stand; a new candidate clears them.
            next.state = .branchCut
            next.rejection = reason
            detail = reason
        case .rolloutStep(let percent, let shares):
            guard percent.isFinite, (0...100).contains(percent) else {
                throw ReleaseTransitionError(kind: .invalidPercent(percent), action: .rolloutStep, state: state, allowed: allowedActions, offered: userActions)
            }
            next.rolloutPercent = percent
            detail = shares.isEmpty ? "rollout at \(RolloutPlan.percentText(percent))" : shares
        case .rolloutComplete:
            next.state = .released
            next.rolloutPercent = 100
        case .halt(let reason):
            next.state = .halted
            next.haltedFrom = state
            next.reason = reason
            detail = reason
        case .resume:
            next.state = haltedFrom ?? .scheduled
            next.haltedFrom = nil
            next.reason = nil
        case .fail(let reason), .cancel(let reason):
            next.state = action.name == .fail ? .failed : .canceled
            next.haltedFrom = nil
            next.reason = reason
            detail = reason
        case .startHotfix(let version):
            hotfix = ReleaseMachine(version: version, kind: .hotfix(base: self.version), requiredGates: requiredGates)
            detail = "hotfix \(version) started from \(self.version)"
        }
        return ReleaseTransition(release: next, event: event(action, actor, date, to: next.state, detail), changed: true, hotfix: hotfix)
    }

    private func event(_ action: ReleaseAction, _ actor: String, _ date: Date, to: ReleaseState, _ detail: String) -> ReleaseEvent {
        ReleaseEvent(action: action.name, from: state, to: to, actor: actor, at: date, detail: detail)
    }
}

// MARK: - ReleaseTransition

/// The outcome of one accepted action.
@MemberwiseInit(.public)
public struct ReleaseTransition: Sendable, Hashable {
    /// The release after the action.
    public var release: ReleaseMachine
    /// The audit record: who did what, when, from which state to which, and why.
    public var event: ReleaseEvent
    /// False when the action was a repeat that changed nothing (a gate signed twice); the
    /// caller may skip persisting and announcing it.
    public var changed: Bool
    /// The new hotfix release, for ``ReleaseAction/startHotfix(version:)``.
    public var hotfix: ReleaseMachine?
}

// MARK: - ReleaseEvent

/// One audit event of a release.
@MemberwiseInit(.public)
public struct ReleaseEvent: Sendable, Hashable, Codable {
    /// What happened.
    public var action: ReleaseActionName
    /// The state before.
    public var from: ReleaseState
    /// The state after (equal to `from` for approvals and rollout steps).
    public var to: ReleaseState
    /// Who did it: a user name, `scheduler`, or a store.
    public var actor: String
    /// When.
    public var at: Date
    /// Why, or what exactly (reason, gate and signer, rollout percentage); may be empty.
    public var detail: String
}
