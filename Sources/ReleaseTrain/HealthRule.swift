import MemberwiseInit

// MARK: - HealthRule

/// A condition on a release's health metric that, when a large enough sample meets it, is a
/// breach and halts the rollout on that store.
///
/// Written as the breach condition: `crash_free_users < 99.5` halts when fewer than 99.5 % of
/// users are crash-free; `anr_rate > 0.47` halts when ANRs go above 0.47 %.
@MemberwiseInit(.public)
public struct HealthRule: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What is measured.
    public var metric: HealthMetric
    /// How the value is compared with ``threshold`` to detect a breach.
    public var comparator: HealthComparator
    /// The limit, in percent (0–100) for every metric.
    public var threshold: Double
    /// Samples smaller than this (users or sessions measured) never count as a breach.
    public var minimumSample: Int = 0

    /// The file's keys.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case metric, comparator, threshold
        case minimumSample = "min_sample"
    }

    /// `crash_free_users < 99.5 (min sample 1000)`.
    public var description: String {
        "\(metric.rawValue) \(comparator.rawValue) \(threshold) (min sample \(minimumSample))"
    }

    /// Whether `value` is a breach of this rule (ignoring the sample size).
    public func isBreached(by value: Double) -> Bool {
        switch comparator {
        case .lessThan: value < threshold
        case .lessThanOrEqual: value <= threshold
        case .greaterThan: value > threshold
        case .greaterThanOrEqual: value >= threshold
        }
    }
}

// MARK: - HealthMetric

/// A release-health metric, as crash reporters (Crashlytics, Sentry) and Play vitals report it.
public enum HealthMetric: String, Sendable, Hashable, Codable, CaseIterable {
    /// Percent of users without a crash.
    case crashFreeUsers = "crash_free_users"
    /// Percent of sessions without a crash.
    case crashFreeSessions = "crash_free_sessions"
    /// Percent of daily users with an "application not responding" (Android).
    case anrRate = "anr_rate"
}

// MARK: - HealthComparator

/// How a value is compared with a rule's threshold; the file also accepts `below`,
/// `at_most`, `above` and `at_least`.
public enum HealthComparator: String, Sendable, Hashable, Codable, CaseIterable {
    /// Breach when the value is below the threshold.
    case lessThan = "<"
    /// Breach when the value is at most the threshold.
    case lessThanOrEqual = "<="
    /// Breach when the value is above the threshold.
    case greaterThan = ">"
    /// Breach when the value is at least the threshold.
    case greaterThanOrEqual = ">="

    /// Reads a symbol or its word form.
    public init?(text: String) {
        switch text.lowercased() {
        case "<", "below": self = .lessThan
        case "<=", "at_most": self = .lessThanOrEqual
        case ">", "above": self = .greaterThan
        case ">=", "at_least": self = .greaterThanOrEqual
        default: return nil
        }
    }
}

// MARK: - HealthHaltScope

/// Which stores a health breach halts (`health: {halt: …}` in a train file).
public enum HealthHaltScope: String, Sendable, Hashable, Codable, CaseIterable {
    /// Every store of the train: one bad store stops the release everywhere (the default).
    case all
    /// Only the store whose numbers breached; the others keep rolling out and being watched.
    case breachedDistribution = "breached_store"
}
