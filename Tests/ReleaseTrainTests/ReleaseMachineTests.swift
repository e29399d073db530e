import Foundation
import ReleaseTrain
import Testing

@Suite("The release state machine")
struct ReleaseMachineTests {
    private let now = Date(timeIntervalSince1970: 1_750_000_000)

    /// Applies actions in order, failing the test on a refusal.
    private func drive(_ release: ReleaseMachine, _ actions: [ReleaseAction]) throws -> ReleaseMachine {
        try actions.reduce(release) { current, action in try current.apply(action, actor: "tests", at: now).release }
    }

    /// A release in each state, reached through real transitions.
    private func machine(in state: ReleaseState) throws -> ReleaseMachine {
        let start = ReleaseMachine(version: "2.5.0", requiredGates: ["qa"])
        let path: [ReleaseAction] = [.cutBranch, .rcBuildStarted, .rcBuildPassed, .approve(gate: "qa", by: "ann"), .submit, .submitted, .reviewApproved]
        switch state {
        case .scheduled: return start
        case .branchCut: return try drive(start, Array(path.prefix(1)))
        case .buildingRC: return try drive(start, Array(path.prefix(2)))
        case .awaitingSignoff: return try drive(start, Array(path.prefix(3)))
        case .submitting: return try drive(start, Array(path.prefix(5)))
        case .inReview: return try drive(start, Array(path.prefix(6)))
        case .rollingOut: return try drive(start, path)
        case .released: return try drive(start, path + [.rolloutComplete])
        case .halted: return try drive(start, path + [.halt(reason: "crash spike")])
        case .failed: return try drive(start, [.fail(reason: "broken")])
        case .canceled: return try drive(start, [.cancel(reason: "skipped")])
        }
    }

    /// The error `action` is refused with, or `nil` when it is accepted.
    private func refusal(_ release: ReleaseMachine, _ action: ReleaseAction) -> ReleaseTransitionError? {
        do {
            _ = try release.apply(action, actor: "tests", at: now)
            return nil
        } catch {
            return error
        }
    }

    /// One sample action per name.
    private static let sampleActions: [ReleaseAction] = [
        .cutBranch, .rcBuildStarted, .rcBuildPassed, .rcBuildFailed(reason: "red"), .approve(gate: "product", by: "bob"),
        .submit, .submitted, .reviewApproved, .reviewRejected(reason: "guideline 2.1"), .rolloutStep(percent: 5),
        .rolloutComplete, .halt(reason: "x"), .resume, .fail(reason: "x"), .cancel(reason: "x"), .startHotfix(version: "2.5.1"),
    ]

    @Test("The happy path: scheduled to released, each step an audit event")
    func happyPath() throws {
        var release = ReleaseMachine(version: "2.5.0", requiredGates: ["qa", "product"])
        let actions: [ReleaseAction] = [
            .cutBranch, .rcBuildStarted, .rcBuildPassed, .approve(gate: "qa", by: "ann"), .approve(gate: "product", by: "bob"),
            .submit, .submitted, .reviewApproved, .rolloutStep(percent: 1), .rolloutStep(percent: 50), .rolloutComplete,
        ]
        var events: [ReleaseEvent] = []
        for action in actions {
            let transition = try release.apply(action, actor: "scheduler", at: now)
            events.append(transition.event)
            release = transition.release
        }
        #expect(release.state == .released)
        #expect(release.rolloutPercent == 100)
        #expect(events.map(\.to) == [.branchCut, .buildingRC, .awaitingSignoff, .awaitingSignoff, .awaitingSignoff, .submitting, .inReview, .rollingOut, .rollingOut, .rollingOut, .released])
        #expect(events[3].detail == "gate qa signed by ann")
        #expect(events.allSatisfy { $0.actor == "scheduler" && $0.at == now })
    }

    @Test("A review rejection keeps the sign-offs and says why; a new candidate clears both")
    func rejectionKeepsSignoffs() throws {
        var release = ReleaseMachine(version: "2.5.0", requiredGates: ["qa"])
        for action: ReleaseAction in [.cutBranch, .rcBuildStarted, .rcBuildPassed, .approve(gate: "qa", by: "ann"), .submit, .submitted] {
            release = try release.apply(action, actor: "t", at: now).release
        }
        release = try release.apply(.reviewRejected(reason: "guideline 2.1"), actor: "App Store", at: now).release
        #expect(release.state == .branchCut)
        #expect(release.rejection == "guideline 2.1")
        #expect(release.approvals.map(\.gate) == ["qa"])
        release = try release.apply(.rcBuildStarted, actor: "t", at: now).release
        #expect(release.rejection == nil)
        #expect(release.approvals.isEmpty)
    }

    @Test("Every invalid transition is refused with the allowed actions", arguments: ReleaseState.allCases)
    func invalidTransitions(state: ReleaseState) throws {
        let release = try machine(in: state)
        #expect(release.state == state)
        for action in Self.sampleActions where !release.allowedActions.contains(action.name) {
            // A repeated approval is idempotent, not an error (checked separately).
            if case .approve(let gate, _) = action, release.approvals.contains(where: { $0.gate == gate }) { continue }
            guard let error = refusal(release, action) else {
                Issue.record("\(action.name) was accepted in \(state)")
                continue
            }
            #expect(error.allowed == release.allowedActions)
            #expect(error.offered == release.userActions)
            #expect(error.state == state)
            #expect(error.description.contains(error.offered.isEmpty ? "nothing more can happen" : "allowed now: \(error.offered.map(\.rawValue).joined(separator: ", "))"))
        }
    }

    @Test("What a release offers people are actions people can take, never the train's own steps", arguments: ReleaseState.allCases)
    func userActions(state: ReleaseState) throws {
        let release = try machine(in: state)
        let offered = release.userActions.map(\.rawValue)
        let internalSteps: [ReleaseActionName] = [.cutBranch, .rcBuildStarted, .rcBuildPassed, .rcBuildFailed, .submit, .submitted, .reviewApproved, .reviewRejected, .rolloutStep, .rolloutComplete]
        for step in internalSteps { #expect(!offered.contains(step.rawValue), "\(state) offers \(step)") }
        #expect(offered.contains("advance") == (release.forwardAction != nil))
        // Every action offered is one the machine accepts (advance stands for the forward step).
        for action in release.userActions where action != .advance {
            #expect(release.allowedActions.map(\.rawValue).contains(action.rawValue), "\(state) offers \(action) it refuses")
        }
        #expect(offered.contains("fail") == !state.isTerminal)
    }

    @Test("Approvals: unknown gates refused, submit needs every gate, duplicates change nothing")
    func approvals() throws {
        let waiting = try drive(ReleaseMachine(version: "2.5.0", requiredGates: ["qa", "product"]), [.cutBranch, .rcBuildStarted, .rcBuildPassed])
        #expect(!waiting.allowedActions.contains(.submit))
        #expect(throws: ReleaseTransitionError.self) { try waiting.apply(.approve(gate: "legal", by: "eve"), actor: "eve", at: now) }
        let qa = try waiting.apply(.approve(gate: "qa", by: "ann"), actor: "ann", at: now).release
        let error = try #require(refusal(qa, .submit), "submitted with product unsigned")
        #expect(error.kind == .gatesMissing(["product"]))
        #expect(error.code == "signoff_incomplete")
        let repeated = try qa.apply(.approve(gate: "qa", by: "someone-else"), actor: "x", at: now)
        #expect(!repeated.changed)
        #expect(repeated.release == qa)
        let both = try qa.apply(.approve(gate: "product", by: "bob"), actor: "bob", at: now).release
        #expect(both.isReadyToSubmit)
        #expect(both.forwardAction == .submit)
        let submitted = try both.apply(.submit, actor: "scheduler", at: now).release
        // The same approval arriving after the release moved on is still harmless.
        #expect(try !submitted.apply(.approve(gate: "product", by: "bob"), actor: "bob", at: now).changed)
        #expect(throws: ReleaseTransitionError.self) { try submitted.apply(.submit, actor: "scheduler", at: now) }
    }

    @Test("A new RC after QA found a bug clears the approvals")
    func newCandidateClearsApprovals() throws {
        let signed = try drive(ReleaseMachine(version: "2.5.0", requiredGates: ["qa"]), [.cutBranch, .rcBuildStarted, .rcBuildPassed, .approve(gate: "qa", by: "ann")])
        let rebuilt = try signed.apply(.rcBuildStarted, actor: "ann", at: now)
        #expect(rebuilt.release.approvals.isEmpty)
        #expect(rebuilt.release.state == .buildingRC)
        let failed = try rebuilt.release.apply(.rcBuildFailed(reason: "tests red"), actor: "ci", at: now)
        #expect(failed.release.state == .branchCut)
        #expect(failed.event.detail == "tests red")
    }

    @Test("Halt and resume return to the state halted from", arguments: [ReleaseState.branchCut, .awaitingSignoff, .inReview, .rollingOut])
    func haltResume(state: ReleaseState) throws {
        let release = try machine(in: state)
        let halted = try release.apply(.halt(reason: "crash_free_users 98.1"), actor: "health", at: now).release
        #expect(halted.state == .halted)
        #expect(halted.haltedFrom == state)
        #expect(halted.reason == "crash_free_users 98.1")
        #expect(halted.allowedActions.contains(.cancel) == (state != .rollingOut))
        let resumed = try halted.apply(.resume, actor: "ann", at: now).release
        #expect(resumed.state == state)
        #expect(resumed.haltedFrom == nil)
        #expect(resumed.reason == nil)
    }

    @Test("A hotfix starts from a released release as a new scheduled hotfix release")
    func hotfix() throws {
        let released = try machine(in: .released)
        let transition = try released.apply(.startHotfix(version: "2.5.1"), actor: "ann", at: now)
        #expect(transition.release == released)
        let hotfix = try #require(transition.hotfix)
        #expect(hotfix.version == "2.5.1")
        #expect(hotfix.kind == .hotfix(base: "2.5.0"))
        #expect(hotfix.state == .scheduled)
        #expect(hotfix.requiredGates == ["qa"])
        #expect(throws: ReleaseTransitionError.self) { try machine(in: .rollingOut).apply(.startHotfix(version: "2.5.1"), actor: "ann", at: now) }
    }

    @Test("The machine round-trips through JSON for storage")
    func codable() throws {
        let halted = try machine(in: .halted)
        let data = try JSONEncoder().encode(halted)
        #expect(try JSONDecoder().decode(ReleaseMachine.self, from: data) == halted)
    }
}
