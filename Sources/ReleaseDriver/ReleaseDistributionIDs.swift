import Foundation
import ReleaseTrain

// MARK: - ReleaseDistributionIDs

/// Where a release lives in each app store, and what the train has done there: stored as the
/// release's `storeIDs` JSON (a column name, kept, like the `haltedStores` key). None of it
/// is secret.
///
/// The Play package and the App Store app id are carried over from the train's previous
/// release; the Play version codes are new for every build and are set through
/// `POST /api/v1/releases/{id}/store` (typically by the RC pipeline's last step).
public struct ReleaseDistributionIDs: Codable, Sendable, Equatable {
    /// Google Play: the application id, e.g. `com.acme.app`.
    public var androidPackage: String?
    /// Google Play: the version codes of the release's bundles.
    public var androidVersionCodes: [String]?
    /// App Store Connect: the app's Apple id.
    public var iosAppID: String?
    /// App Store Connect: the version resource, once found at submission.
    public var iosVersionID: String?
    /// App Store Connect: the phased release resource, once found or created.
    public var iosPhasedReleaseID: String?
    /// App Store Connect: the review submission, withdrawn when the release is canceled.
    public var iosReviewSubmissionID: String?
    /// The App Store version's `appStoreState` as last read.
    public var iosVersionState: String?
    /// The App Store's share of users last read from the store (0 until the version is on sale).
    public var iosPercent: Double?
    /// Whether the App Store side has reached everyone, as last read from the store.
    public var iosComplete: Bool?
    /// Google Play's share of users the train last set.
    public var androidPercent: Double?
    /// Stores whose rollout the train halted (`android`, `ios`), resumed by `resume`.
    public var haltedStores: [String]?

    /// Decodes the stored JSON; an unreadable value counts as empty rather than failing a release.
    public static func decode(_ json: String) -> ReleaseDistributionIDs {
        (try? JSONDecoder().decode(ReleaseDistributionIDs.self, from: Data(json.utf8))) ?? ReleaseDistributionIDs()
    }

    /// The JSON to store.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The identifiers a new release of the same train starts with: the app's, not the build's.
    public var carriedOver: ReleaseDistributionIDs {
        ReleaseDistributionIDs(androidPackage: androidPackage, iosAppID: iosAppID)
    }

    /// What is missing before the train can talk to `platform`'s store, or nil.
    public func missing(for platform: ReleasePlatform) -> String? {
        switch platform {
        case .android:
            if androidPackage == nil { return "the Google Play package name (androidPackage)" }
            if androidVersionCodes?.isEmpty ?? true { return "the Google Play version codes (androidVersionCodes)" }
            return nil
        case .ios:
            return iosAppID == nil ? "the App Store app id (iosAppID)" : nil
        }
    }

    /// Whether the train halted `platform`'s rollout.
    public func isHalted(_ platform: ReleasePlatform) -> Bool {
        haltedStores?.contains(platform.rawValue) ?? false
    }
}
