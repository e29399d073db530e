import Foundation
import ReleaseTrain
import Store

// MARK: - Stores

extension ReleaseDriver {
    /// App Store version states that mean Apple approved the build.
    static let approvedStates: Set<String> = [
        "PENDING_DEVELOPER_RELEASE", "PROCESSING_FOR_APP_STORE", "PENDING_APPLE_RELEASE", "READY_FOR_SALE", "READY_FOR_DISTRIBUTION",
    ]
    /// App Store version states that mean Apple turned the build down.
    static let rejectedStates: Set<String> = ["REJECTED", "METADATA_REJECTED", "INVALID_BINARY", "DEVELOPER_REJECTED"]

    /// Why the stores cannot be driven automatically for this release, or nil.
    func automationBlocker(_ release: StoredRelease, train: TrainCatalog.Entry) -> String? {
        let ids = ReleaseStoreIDs.decode(release.storeIDs)
        for platform in train.definition.platforms {
            guard stores.isConfigured(platform) else {
                return "\(platform.storeName) credentials are not configured; drive the store by hand and advance the release"
            }
            if let missing = ids.missing(for: platform) {
                return "waiting for \(missing); POST it to /api/v1/releases/\(release.id)/store"
            }
        }
        return nil
    }

    // MARK: Submission

    /// Submits to every store: the App Store version for review (with a phased release),
    /// the Play release as a draft on its track; then records `submitted`.
    func submit(_ release: StoredRelease, train: TrainCatalog.Entry, now: Date) async throws -> Bool {
        if let blocker = automationBlocker(release, train: train) {
            report(problem: blocker, on: release.id)
            return false
        }
        var ids = ReleaseStoreIDs.decode(release.storeIDs)
        for platform in train.definition.platforms {
            switch platform {
            case .ios:
                guard let client = stores.appStore, let appID = ids.iosAppID else { continue }
                let version = try await client.appStoreVersion(appID: appID, versionString: release.version)
                ids.iosVersionID = version.id
                if train.definition.rollout.ios.phased, ids.iosPhasedReleaseID == nil {
                    ids.iosPhasedReleaseID = try await client.createPhasedRelease(versionID: version.id, state: .active).id
                }
                _ = try await client.submitForReview(appID: appID, versionID: version.id)
            case .android:
                guard let client = stores.play, let package = ids.androidPackage, let codes = ids.androidVersionCodes else { continue }
                _ = try await client.setRelease(
                    packageName: package, track: train.definition.rollout.android.track, versionCodes: codes, status: .draft, name: release.version
                )
            }
        }
        let submittedIDs = ids
        try releases.apply(.submitted, to: release.id, actor: Self.actor, at: now) { _, stored, _ in
            stored.iosVersionID = submittedIDs.iosVersionID
            stored.iosPhasedReleaseID = submittedIDs.iosPhasedReleaseID
        }
        return true
    }

    /// Follows the App Store review (Google Play reviews a staged release as it goes out,
    /// so it needs no wait here); records `review_approved` or `review_rejected`.
    func followReview(_ release: StoredRelease, train: TrainCatalog.Entry, now: Date) async throws -> Bool {
        if let blocker = automationBlocker(release, train: train) {
            report(problem: blocker, on: release.id)
            return false
        }
        let ids = ReleaseStoreIDs.decode(release.storeIDs)
        if train.definition.platforms.contains(.ios), let client = stores.appStore, let appID = ids.iosAppID {
            let version = try await client.appStoreVersion(appID: appID, versionString: release.version)
            let state = version.state ?? ""
            if Self.rejectedStates.contains(state) {
                try releases.apply(.reviewRejected(reason: "App Store review state \(state)"), to: release.id, actor: "App Store", at: now)
                return true
            }
            guard Self.approvedStates.contains(state) else { return false }
        }
        try releases.apply(.reviewApproved, to: release.id, actor: Self.actor, at: now)
        return true
    }

    // MARK: Rollout

    /// One rollout step: Play follows the plan's steps and soak time, the App Store follows
    /// Apple's schedule (`currentDayNumber`); `rollout_complete` once both reach everyone.
    func stepRollout(_ release: StoredRelease, train: TrainCatalog.Entry, machine: ReleaseMachine, now: Date) async throws -> Bool {
        if let blocker = automationBlocker(release, train: train) {
            report(problem: blocker, on: release.id)
            return false
        }
        var ids = ReleaseStoreIDs.decode(release.storeIDs)
        let platforms = train.definition.platforms
        // The App Store side: observe where Apple's schedule is.
        var iosChanged = false
        if platforms.contains(.ios), ids.iosComplete != true, let client = stores.appStore {
            var percent = 100.0
            if train.definition.rollout.ios.phased, let versionID = ids.iosVersionID, let phased = try await client.phasedRelease(versionID: versionID) {
                percent = phased.percent
            }
            iosChanged = percent != ids.iosPercent
            ids.iosPercent = percent
            ids.iosComplete = percent >= 100
        }
        let iosDone = !platforms.contains(.ios) || ids.iosComplete == true
        // The Play side: one step when the soak time allows.
        var androidIndex = release.rolloutStepIndex
        var androidDone = !platforms.contains(.android)
        var androidPercent: Double?
        if platforms.contains(.android), let client = stores.play, let package = ids.androidPackage, let codes = ids.androidVersionCodes {
            let plan = train.definition.rollout.android
            switch PlayRolloutStepper(plan: plan).decide(currentIndex: release.rolloutStepIndex, enteredAt: release.rolloutEnteredAt, now: now) {
            case .step(let index, let fraction):
                _ = try await client.rollOut(packageName: package, track: plan.track, versionCodes: codes, userFraction: fraction)
                androidIndex = index
                androidPercent = plan.steps[index]
            case .complete:
                _ = try await client.complete(packageName: package, track: plan.track, versionCodes: codes)
                androidIndex = plan.steps.count - 1
                androidPercent = 100
                androidDone = true
            case .wait:
                break
            case .done:
                androidDone = true
            }
        }
        let updated = ids
        let enteredAt: Date? = androidIndex != release.rolloutStepIndex ? now : release.rolloutEnteredAt
        let record: (inout StoredRelease, inout ReleaseStoreIDs, ReleaseMachine) -> Void = { stored, stored2, _ in
            stored.rolloutStepIndex = androidIndex
            stored.rolloutEnteredAt = enteredAt
            stored2 = updated
        }
        if androidDone && iosDone {
            try releases.apply(.rolloutComplete, to: release.id, actor: Self.actor, at: now, update: record)
            return true
        }
        guard let percent = androidPercent ?? (iosChanged ? updated.iosPercent : nil) else { return false }
        try releases.apply(.rolloutStep(percent: percent), to: release.id, actor: Self.actor, at: now, update: record)
        // One Play step per check: the next one waits for its soak time anyway.
        return false
    }

    // MARK: Halting and resuming a store

    /// Stops `platform`'s rollout: Play's track release `halted` at its current fraction,
    /// the App Store's phased release `PAUSED`.
    func haltStore(_ platform: ReleasePlatform, release: StoredRelease, train: TrainCatalog.Entry) async throws {
        let ids = ReleaseStoreIDs.decode(release.storeIDs)
        switch platform {
        case .android:
            let plan = train.definition.rollout.android
            guard let client = stores.play, let package = ids.androidPackage, let codes = ids.androidVersionCodes,
                  let index = release.rolloutStepIndex, plan.steps.indices.contains(index) else { return }
            _ = try await client.halt(packageName: package, track: plan.track, versionCodes: codes, userFraction: PlayRolloutStepper.fraction(plan.steps[index]))
        case .ios:
            guard let client = stores.appStore, let id = ids.iosPhasedReleaseID else { return }
            _ = try await client.pausePhasedRelease(id: id)
        }
    }

    /// Continues `platform`'s rollout where it stopped.
    func resumeStore(_ platform: ReleasePlatform, release: StoredRelease, train: TrainCatalog.Entry) async throws {
        let ids = ReleaseStoreIDs.decode(release.storeIDs)
        switch platform {
        case .android:
            let plan = train.definition.rollout.android
            guard let client = stores.play, let package = ids.androidPackage, let codes = ids.androidVersionCodes,
                  let index = release.rolloutStepIndex, plan.steps.indices.contains(index) else { return }
            _ = try await client.rollOut(packageName: package, track: plan.track, versionCodes: codes, userFraction: PlayRolloutStepper.fraction(plan.steps[index]))
        case .ios:
            guard let client = stores.appStore, let id = ids.iosPhasedReleaseID else { return }
            _ = try await client.resumePhasedRelease(id: id)
        }
    }
}
