import Foundation
import Logging
import ReleaseTrain
import Store

// MARK: - What the stores show, in every state

extension ReleaseDriver {
    /// Whether the step of `machine`'s state reads the App Store itself and records what it
    /// read: following the review, and every rollout pass (also while halted in the rollout).
    static func stepReadsAppStore(_ machine: ReleaseMachine) -> Bool {
        switch machine.state {
        case .inReview, .rollingOut: true
        case .halted: machine.haltedFrom == .rollingOut
        default: false
        }
    }

    /// Reads the App Store for a release whose step did not read it this pass: halted before
    /// its rollout (Apple's review goes on), back at `branch_cut` after a rejection, building
    /// or signing off a new candidate, stuck submitting; in any unfinished state once the train
    /// has found the release's version (before that the store holds nothing of it to show).
    /// A change is recorded at once, so what a release shows is never older than one pass.
    ///
    /// A read that fails is logged and left to the next pass: it must not replace the problem
    /// the release waits on (a rejection, a missing gate).
    func readAppStoreWhileWaiting(_ releaseID: Int64, train: TrainCatalog.Entry, now: Date) async {
        guard train.definition.platforms.contains(.ios), let client = distribution.appStore else { return }
        do {
            guard let release = try await releases.store.release(id: releaseID) else { return }
            let machine = try ReleaseService.decode(release.machine)
            let ids = ReleaseDistributionIDs.decode(release.storeIDs)
            guard !machine.state.isTerminal, let appID = ids.iosAppID, ids.iosVersionID != nil else { return }
            if Self.stepReadsAppStore(machine), automationBlocker(release, train: train) == nil { return }
            let version = try await client.appStoreVersion(appID: appID, versionString: release.version)
            try await record(version, of: release, now: now)
        } catch {
            logger.warning("App Store state not read", metadata: ["release": "\(releaseID)", "error": "\(error)"])
        }
    }

    /// Records the App Store version's state as read, as a `store_state` event, when it is
    /// not what the release already shows.
    func record(_ version: AppStoreVersion, of release: StoredRelease, now: Date) async throws {
        let ids = ReleaseDistributionIDs.decode(release.storeIDs)
        guard ids.iosVersionState != version.state || ids.iosVersionID != version.id else { return }
        let state = version.state ?? "in an unknown state"
        try await releases.recordDistribution(of: release.id, action: "store_state", detail: "App Store: version \(release.version) is \(state)", actor: Self.actor, at: now) { _, ids in
            Self.note(version, in: &ids)
        }
    }

    /// Keeps what a read of the App Store version says in the release's store state.
    static func note(_ version: AppStoreVersion, in ids: inout ReleaseDistributionIDs) {
        ids.iosVersionID = version.id
        ids.iosVersionState = version.state
    }
}
