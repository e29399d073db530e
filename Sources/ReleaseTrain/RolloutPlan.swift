import Foundation
import MemberwiseInit

// MARK: - RolloutPlan

/// How each store rolls a release out once the build is approved.
@MemberwiseInit(.public)
public struct RolloutPlan: Sendable, Hashable, Codable {
    /// Google Play's staged rollout.
    public var android: PlayRolloutPlan = PlayRolloutPlan()
    /// The App Store's phased release.
    public var ios: AppStoreRolloutPlan = AppStoreRolloutPlan()

    /// `5%` or `0.5%`: whole percentages without decimals.
    public static func percentText(_ percent: Double) -> String {
        percent == percent.rounded() ? "\(Int(percent))%" : "\(percent)%"
    }
}

// MARK: - PlayRolloutPlan

/// Google Play staged rollout: the percentages of users, in order, and the least time each
/// step must run ("soak") before the next.
@MemberwiseInit(.public)
public struct PlayRolloutPlan: Sendable, Hashable, Codable {
    /// The steps Play's console suggests and most teams use.
    public static let defaultSteps: [Double] = [1, 2, 5, 10, 20, 50, 100]
    /// A day: long enough for crash reports of a step to arrive.
    public static let defaultMinimumSoak: TimeInterval = 86_400

    /// The track to roll out on, usually `production`.
    public var track: String = "production"
    /// Percentages of users, strictly increasing, ending at 100.
    public var steps: [Double] = PlayRolloutPlan.defaultSteps
    /// Seconds each step runs at least before the next.
    public var minimumSoak: TimeInterval = PlayRolloutPlan.defaultMinimumSoak

    /// The file's keys; `soak` is in seconds in JSON.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case track, steps
        case minimumSoak = "soak"
    }
}

// MARK: - AppStoreRolloutPlan

/// App Store rollout: phased release over Apple's fixed seven days, or everyone at once.
@MemberwiseInit(.public)
public struct AppStoreRolloutPlan: Sendable, Hashable, Codable {
    /// Whether to use a phased release (Apple's 1, 2, 5, 10, 20, 50, 100 % over 7 days).
    public var phased: Bool = true

    /// The file's keys.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case phased
    }
}
