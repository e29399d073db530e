import Core
import Foundation
import ReleaseTrain
import Store

// MARK: - Reading and steering each store

extension ReleaseDriver {
    /// How the problem of an App Store version not on sale yet begins.
    public static let notOnSale = "App Store: version "

    /// Re-reads the App Store into `ids`: the version's state, its phased release (found
    /// through the version's relationship) and the share of users it reaches, 0 until it is on
    /// sale. With `mayRelease`, an approved version waiting for us is released first. Answers
    /// why the App Store side is not moving, or nil.
    public func readAppStore(_ client: AppStoreConnectClient, appID: String, release: StoredRelease, ids: inout ReleaseDistributionIDs, mayRelease: Bool) async throws -> String? {
        var version = try await client.appStoreVersion(appID: appID, versionString: release.version)
        ids.iosVersionID = version.id
        if mayRelease, version.awaitsDeveloperRelease {
            try await client.releaseVersion(versionID: version.id)
            version = try await client.appStoreVersion(appID: appID, versionString: release.version)
        }
        ids.iosVersionState = version.state
        guard version.isLive else {
            ids.iosPercent = 0
            ids.iosComplete = false
            return "\(Self.notOnSale)\(release.version) is \(version.state ?? "in an unknown state"), not on sale yet"
        }
        let phased = try await client.phasedRelease(versionID: version.id)
        if let phased { ids.iosPhasedReleaseID = phased.id }
        // No phased release: Apple gives a version on sale to everyone at once.
        let percent = phased?.percent ?? 100
        ids.iosPercent = percent
        ids.iosComplete = percent >= 100
        return nil
    }

    /// Stops (`running: false`) or continues `platform`'s rollout where it stands.
    ///
    /// Play: the track release `halted`, or `inProgress` again, at its current fraction. The
    /// App Store: the phased release, read afresh through the version, `PAUSED` when it is
    /// active, `ACTIVE` when paused. A version not on sale needs nothing: it waits for a release
    /// request the train does not send while the store is halted. A version on sale without a
    /// phased release cannot be paused, and that is an error the caller reports.
    public func steerDistribution(_ platform: ReleasePlatform, running: Bool, release: StoredRelease, train: TrainCatalog.Entry) async throws {
        let ids = ReleaseDistributionIDs.decode(release.storeIDs)
        switch platform {
        case .android:
            let plan = train.definition.rollout.android
            guard let client = distribution.play, let package = ids.androidPackage, let codes = ids.androidVersionCodes,
                  let index = release.rolloutStepIndex, plan.steps.indices.contains(index) else { return }
            _ = try await client.setRelease(
                packageName: package, track: plan.track, versionCodes: codes, status: running ? .inProgress : .halted,
                userFraction: PlayRolloutStepper.fraction(plan.steps[index]))
        case .ios:
            guard let client = distribution.appStore, let appID = ids.iosAppID else { return }
            let version = try await client.appStoreVersion(appID: appID, versionString: release.version)
            let phased = try await client.phasedRelease(versionID: version.id)
            switch (running, phased?.state) {
            case (false, .active?):
                if let phased { _ = try await client.pausePhasedRelease(id: phased.id) }
            case (true, .paused?):
                if let phased { _ = try await client.resumePhasedRelease(id: phased.id) }
            case (false, nil) where version.isLive:
                throw ServiceError.conflict("App Store version \(release.version) is on sale to everyone without a phased release; there is no rollout to pause")
            default:
                return
            }
        }
    }
}
