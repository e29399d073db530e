import Foundation
import ReleaseTrain
import Store

// MARK: - Rollout

extension ReleaseDriver {
    /// One rollout pass, while rolling out and while halted in the rollout: every store that is
    /// not halted moves on (Play by the plan's steps and soak time; the App Store by Apple's
    /// schedule, once the train has released the approved version), every store is read, and
    /// the release records what each store is at. Rolling out, that is a `rollout_step` (or
    /// `rollout_complete` once both reach everyone); halted, a `store_rollout` event, so a store
    /// that keeps going under `health.halt: breached_store` stays watched.
    public func stepRollout(_ release: StoredRelease, train: TrainCatalog.Entry, machine: ReleaseMachine, now: Date) async throws -> Bool {
        if let blocker = automationBlocker(release, train: train) {
            await report(problem: blocker, on: release.id)
            return false
        }
        let halted = machine.state == .halted
        let before = ReleaseDistributionIDs.decode(release.storeIDs)
        var ids = before
        let platforms = train.definition.platforms
        var problem: String?
        if platforms.contains(.ios), let client = distribution.appStore, let appID = ids.iosAppID {
            problem = try await readAppStore(client, appID: appID, release: release, ids: &ids, mayRelease: !ids.isHalted(.ios))
        }
        var index = release.rolloutStepIndex
        var androidDone = !platforms.contains(.android)
        if platforms.contains(.android), !ids.isHalted(.android), let client = distribution.play, let package = ids.androidPackage, let codes = ids.androidVersionCodes {
            let plan = train.definition.rollout.android
            switch PlayRolloutStepper(plan: plan).decide(currentIndex: release.rolloutStepIndex, enteredAt: release.rolloutEnteredAt, now: now) {
            case .step(let next, let fraction):
                _ = try await client.rollOut(packageName: package, track: plan.track, versionCodes: codes, userFraction: fraction)
                index = next
                ids.androidPercent = plan.steps[next]
            case .complete:
                _ = try await client.complete(packageName: package, track: plan.track, versionCodes: codes)
                index = plan.steps.count - 1
                ids.androidPercent = 100
                androidDone = true
            case .wait:
                break
            case .done:
                androidDone = true
            }
        }
        let iosDone = !platforms.contains(.ios) || ids.iosComplete == true
        let updated = ids
        let enteredAt: Date? = index != release.rolloutStepIndex ? now : release.rolloutEnteredAt
        let record: @Sendable (inout StoredRelease, inout ReleaseDistributionIDs) -> Void = { [index] stored, storedIDs in
            stored.rolloutStepIndex = index
            stored.rolloutEnteredAt = enteredAt
            storedIDs = updated
        }
        // Written first, then the note: the note is reported whether the write went through or
        // threw (an async call cannot run in a `defer`).
        func writeStep() async throws -> Bool {
            let moved = index != release.rolloutStepIndex || updated.iosPercent != before.iosPercent || updated.iosVersionState != before.iosVersionState
            if halted {
                guard moved else { return false }
                try await releases.recordDistribution(of: release.id, action: "store_rollout", detail: Self.distributionShares(updated, platforms: platforms) + " (release halted)", actor: Self.actor, at: now, record)
                return false
            }
            if androidDone && iosDone {
                try await releases.apply(.rolloutComplete, to: release.id, actor: Self.actor, at: now) { stored, storedIDs, _ in record(&stored, &storedIDs) }
                return true
            }
            guard moved else { return false }
            let step = ReleaseAction.rolloutStep(percent: Self.lowestShare(updated, platforms: platforms), shares: Self.distributionShares(updated, platforms: platforms))
            try await releases.apply(step, to: release.id, actor: Self.actor, at: now) { stored, storedIDs, _ in record(&stored, &storedIDs) }
            // One Play step per check: the next one waits for its soak time anyway.
            return false
        }
        let written: Result<Bool, any Error>
        do { written = .success(try await writeStep()) } catch { written = .failure(error) }
        // Only this pass's own note is cleared here: a failed halt's problem must stay visible.
        if problem != nil || release.problem?.hasPrefix(Self.notOnSale) == true { await report(problem: problem, on: release.id) }
        return try written.get()
    }

    /// Each store's share of users, e.g. `Google Play 10%, App Store 1%`.
    public static func distributionShares(_ ids: ReleaseDistributionIDs, platforms: [ReleasePlatform]) -> String {
        platforms.map { "\($0.distributionName) \(RolloutPlan.percentText(share(of: $0, ids)))" }.joined(separator: ", ")
    }

    /// The share every store has reached: the release's `rolloutPercent`.
    public static func lowestShare(_ ids: ReleaseDistributionIDs, platforms: [ReleasePlatform]) -> Double {
        platforms.map { share(of: $0, ids) }.min() ?? 0
    }

    static func share(of platform: ReleasePlatform, _ ids: ReleaseDistributionIDs) -> Double {
        switch platform {
        case .android: ids.androidPercent ?? 0
        case .ios: ids.iosPercent ?? 0
        }
    }
}
