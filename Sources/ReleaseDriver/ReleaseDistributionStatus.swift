import Foundation
import ReleaseTrain

// MARK: - ReleaseDistributionStatus

/// Where one app store is with a release, as `GET /api/v1/releases/{id}` shows it under `stores`:
/// `{"android": {"state": "halted", "percent": 10}, "ios": {"state": "rolling_out",
/// "percent": 5, "storeState": "READY_FOR_DISTRIBUTION"}}`. The release's own `state` says
/// what the train does; these say what each store is doing.
public struct ReleaseDistributionStatus: Encodable, Sendable, Equatable {
    /// `not_submitted`, `submitting`, `in_review` (App Store), `draft` (Play, until the
    /// rollout), `rolling_out`, `halted`, `complete`, `recorded_by_hand` (released by a
    /// person's `advance` before the train saw this store reach everyone), or the release's
    /// `canceled`/`failed`.
    public var state: String
    /// The share of users this store reaches, as last set (Play) or read (App Store).
    public var percent: Double
    /// The App Store version's `appStoreState` as last read; nil for Play.
    public var storeState: String?

    /// Each of the train's stores for a release in `machine` with store state `ids`.
    public static func all(machine: ReleaseMachine, ids: ReleaseDistributionIDs, platforms: [ReleasePlatform]) -> [String: ReleaseDistributionStatus] {
        var result: [String: ReleaseDistributionStatus] = [:]
        for platform in platforms {
            result[platform.rawValue] = ReleaseDistributionStatus(
                state: state(of: platform, machine: machine, ids: ids),
                percent: ReleaseDriver.share(of: platform, ids),
                storeState: platform == .ios ? ids.iosVersionState : nil
            )
        }
        return result
    }

    /// Whether the train saw `platform`'s store reach everyone: the App Store as read, Play as set.
    private static func reachedEveryone(_ platform: ReleasePlatform, _ ids: ReleaseDistributionIDs) -> Bool {
        platform == .ios ? ids.iosComplete == true : ids.androidPercent == 100
    }

    private static func state(of platform: ReleasePlatform, machine: ReleaseMachine, ids: ReleaseDistributionIDs) -> String {
        switch machine.haltedFrom ?? machine.state {
        case .scheduled, .branchCut, .buildingRC, .awaitingSignoff:
            return "not_submitted"
        case .submitting:
            return "submitting"
        case .inReview:
            guard platform == .ios else { return "draft" }
            // Apple's review goes on during a halt; an approved version then waits for the train.
            let approved = ids.iosVersionState.map(AppStoreVersion.approvedStates.contains) ?? false
            return machine.state == .halted && approved ? "halted" : "in_review"
        case .rollingOut:
            if ids.isHalted(platform) { return "halted" }
            return reachedEveryone(platform, ids) ? "complete" : "rolling_out"
        case .released:
            // A person advanced the release to `released`: the train never saw this store
            // reach everyone, and says so rather than claim it.
            return reachedEveryone(platform, ids) ? "complete" : "recorded_by_hand"
        case .failed, .canceled, .halted:
            return machine.state.rawValue
        }
    }
}
