import Foundation
import ReleaseTrain

// MARK: - ReleaseStoreStatus

/// Where one store is with a release, as `GET /api/v1/releases/{id}` shows it under `stores`:
/// `{"android": {"state": "halted", "percent": 10}, "ios": {"state": "rolling_out",
/// "percent": 5, "storeState": "READY_FOR_DISTRIBUTION"}}`. The release's own `state` says
/// what the train does; these say what each store is doing.
public struct ReleaseStoreStatus: Encodable, Sendable, Equatable {
    /// `not_submitted`, `submitting`, `in_review` (App Store), `draft` (Play, until the
    /// rollout), `rolling_out`, `halted`, `complete`, or the release's `canceled`/`failed`.
    public var state: String
    /// The share of users this store reaches, as last set (Play) or read (App Store).
    public var percent: Double
    /// The App Store version's `appStoreState` as last read; nil for Play.
    public var storeState: String?

    /// Each of the train's stores for a release in `machine` with store state `ids`.
    public static func all(machine: ReleaseMachine, ids: ReleaseStoreIDs, platforms: [ReleasePlatform]) -> [String: ReleaseStoreStatus] {
        var result: [String: ReleaseStoreStatus] = [:]
        for platform in platforms {
            result[platform.rawValue] = ReleaseStoreStatus(
                state: state(of: platform, machine: machine, ids: ids),
                percent: ReleaseDriver.share(of: platform, ids),
                storeState: platform == .ios ? ids.iosVersionState : nil
            )
        }
        return result
    }

    private static func state(of platform: ReleasePlatform, machine: ReleaseMachine, ids: ReleaseStoreIDs) -> String {
        switch machine.haltedFrom ?? machine.state {
        case .scheduled, .branchCut, .buildingRC, .awaitingSignoff:
            return "not_submitted"
        case .submitting:
            return "submitting"
        case .inReview:
            return platform == .ios ? "in_review" : "draft"
        case .rollingOut:
            if ids.isHalted(platform) { return "halted" }
            let complete = platform == .ios ? ids.iosComplete == true : ids.androidPercent == 100
            return complete ? "complete" : "rolling_out"
        case .released:
            return "complete"
        case .failed, .canceled, .halted:
            return machine.state.rawValue
        }
    }
}
