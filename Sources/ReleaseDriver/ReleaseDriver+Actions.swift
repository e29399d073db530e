import Core
import Foundation
import GitHosts
import ReleaseTrain
import Store

// MARK: - Actions people take

extension ReleaseDriver {
    /// Signs `gate`; once every gate is signed the release is submitted at once. Two
    /// approvals arriving together are applied one after the other, so exactly one of them
    /// sees the last gate signed and the release advances once.
    public func approve(_ id: Int64, gate: String, actor: String, now: Date) async throws -> StoredRelease {
        try await serializer.run(id) { try await signOff(id, gate: gate, actor: actor, now: now) }
    }

    private func signOff(_ id: Int64, gate: String, actor: String, now: Date) async throws -> StoredRelease {
        let approved = try await releases.apply(.approve(gate: gate, by: actor), to: id, actor: actor, at: now).release
        guard try ReleaseService.decode(approved.machine).isReadyToSubmit else { return approved }
        return try await releases.apply(.submit, to: id, actor: Self.actor, at: now).release
    }

    /// The next forward step now, by hand: cutting the branch and starting an RC build do
    /// their work first; the other steps record what a person saw happen (e.g. a store
    /// review approved outside the train's reach).
    public func advance(_ id: Int64, actor: String, now: Date) async throws -> StoredRelease {
        try await serializer.run(id) { try await stepForward(id, actor: actor, now: now) }
    }

    private func stepForward(_ id: Int64, actor: String, now: Date) async throws -> StoredRelease {
        guard let release = try await releases.store.release(id: id) else { throw ServiceError.notFound("no release with id \(id)") }
        let train = try await catalog.train(id: release.trainID)
        let machine = try ReleaseService.decode(release.machine)
        guard let forward = machine.forwardAction else {
            throw ReleaseConflict(
                code: "invalid_transition",
                message: "a \(machine.state.rawValue) release has no next step to advance to"
                    + (machine.state == .awaitingSignoff ? " until gates \(machine.missingGates.joined(separator: ", ")) are signed" : "")
                    + "; allowed now: \(machine.userActions.map(\.rawValue).joined(separator: ", "))",
                allowed: machine.userActions.map(\.rawValue)
            )
        }
        switch forward {
        case .cutBranch:
            do {
                try await cutBranch(release, train: train, actor: actor, now: now)
            } catch let error as BranchCutError where error.isMissing {
                // Nothing could cut it and the remote has no such branch: a person pushes it.
                throw ServiceError(.conflict, code: "branch_not_found", message: error.description)
            } catch let error as BranchCutError {
                // The git host could not cut the branch and the remote could not be read: the
                // request was fine and nothing changed, so it is the host's failure, not ours.
                throw ServiceError.gitHost(error.description, code: "branch_cut_failed")
            }
        case .rcBuildStarted:
            try await startCandidate(release, train: train, actor: actor, now: now)
        case .rcBuildPassed:
            try await releases.apply(.rcBuildPassed, to: id, actor: actor, at: now)
        case .submit:
            try await releases.apply(.submit, to: id, actor: actor, at: now)
        case .submitted:
            try await releases.apply(.submitted, to: id, actor: actor, at: now)
        case .reviewApproved:
            try await releases.apply(.reviewApproved, to: id, actor: actor, at: now)
        default:
            try await releases.apply(.rolloutComplete, to: id, actor: actor, at: now)
        }
        return try await releases.store.release(id: id) ?? release
    }

    /// Halts the release; one that is rolling out also stops on every store of the train:
    /// Play halted, App Store phased release paused.
    public func halt(_ id: Int64, reason: String, actor: String, now: Date) async throws -> StoredRelease {
        try await serializer.run(id) { try await haltNow(id, reason: reason, actor: actor, now: now) }
    }

    /// Halts the release and stops its rollout on `platforms` (all of the train's when nil),
    /// for a caller that already has the release's turn in ``serializer``.
    public func haltNow(_ id: Int64, reason: String, actor: String, now: Date, platforms: [ReleasePlatform]? = nil) async throws -> StoredRelease {
        guard let before = try await releases.store.release(id: id) else { throw ServiceError.notFound("no release with id \(id)") }
        let train = try await catalog.train(id: before.trainID)
        let targets = platforms ?? train.definition.platforms
        let result = try await releases.apply(.halt(reason: reason), to: id, actor: actor, at: now) { _, ids, machine in
            guard machine.haltedFrom == .rollingOut else { return }
            ids.haltedStores = Array(Set((ids.haltedStores ?? []) + targets.map(\.rawValue))).sorted()
        }
        try await applyDistributionHalts(result.release, train: train, platforms: targets)
        return try await releases.store.release(id: id) ?? result.release
    }

    /// Stops `platform` too on a release that is already halted in its rollout (a second
    /// store breaching after the first).
    public func haltAnotherDistribution(_ release: StoredRelease, platform: ReleasePlatform, reason: String, actor: String, now: Date) async throws -> StoredRelease {
        let train = try await catalog.train(id: release.trainID)
        guard !ReleaseDistributionIDs.decode(release.storeIDs).isHalted(platform) else { return release }
        let updated = try await releases.recordDistribution(of: release.id, action: "store_halt", detail: "\(platform.distributionName) halted: \(reason)", actor: actor, at: now) { _, ids in
            ids.haltedStores = ((ids.haltedStores ?? []) + [platform.rawValue]).sorted()
        }
        try await applyDistributionHalts(updated, train: train, platforms: [platform])
        return updated
    }

    /// Resumes a halted release where it stopped, and the stores the train halted.
    public func resume(_ id: Int64, actor: String, now: Date) async throws -> StoredRelease {
        try await serializer.run(id) { try await resumeNow(id, actor: actor, now: now) }
    }

    private func resumeNow(_ id: Int64, actor: String, now: Date) async throws -> StoredRelease {
        guard let before = try await releases.store.release(id: id) else { throw ServiceError.notFound("no release with id \(id)") }
        let train = try await catalog.train(id: before.trainID)
        let halted = (ReleaseDistributionIDs.decode(before.storeIDs).haltedStores ?? []).compactMap(ReleasePlatform.init(rawValue:))
        let haltedAt = try await releases.store.releaseEvents(releaseID: id).last { $0.action == ReleaseActionName.halt.rawValue }?.at
        let result = try await releases.apply(.resume, to: id, actor: actor, at: now) { release, ids, machine in
            ids.haltedStores = nil
            // Soak time counts only time spent rolling out: the step's clock moves on by the
            // halted stretch, so a day-long halt does not let the next step through at once.
            // (Play kept stepping when only the App Store was halted.)
            if machine.state == .rollingOut, halted.contains(.android), let entered = release.rolloutEnteredAt, let haltedAt, haltedAt >= entered {
                release.rolloutEnteredAt = entered.addingTimeInterval(max(0, now.timeIntervalSince(haltedAt)))
            }
        }
        var problems: [String] = []
        for platform in halted {
            do { try await steerDistribution(platform, running: true, release: result.release, train: train) } catch {
                problems.append("\(error)")
            }
        }
        await report(problem: problems.isEmpty ? nil : "resuming the stores failed: " + problems.joined(separator: "; "), on: id)
        return try await releases.store.release(id: id) ?? result.release
    }

    /// Calls the stores for a halt; a failure is kept as the release's problem (and logged),
    /// the halt itself stands.
    func applyDistributionHalts(_ release: StoredRelease, train: TrainCatalog.Entry, platforms: [ReleasePlatform]) async throws {
        let ids = ReleaseDistributionIDs.decode(release.storeIDs)
        var problems: [String] = []
        for platform in platforms where ids.isHalted(platform) {
            do { try await steerDistribution(platform, running: false, release: release, train: train) } catch {
                problems.append("\(error)")
            }
        }
        if !problems.isEmpty { await report(problem: "halting the stores failed: " + problems.joined(separator: "; "), on: release.id) }
    }
}
