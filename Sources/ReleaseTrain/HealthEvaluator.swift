import MemberwiseInit

// MARK: - HealthVerdict

/// What a sample means under a train's rules.
public struct HealthVerdict: Sendable, Hashable {
    /// Rules the sample breaches with a large enough sample: halt the rollout.
    public var breached: [HealthRule]
    /// Rules the sample would breach but whose minimum sample was not reached yet: watch.
    public var inconclusive: [HealthRule]

    /// Whether the rollout must halt.
    public var isBreach: Bool { !breached.isEmpty }

    /// One line for the audit log and notifications, e.g.
    /// `crash_free_users 98.7 breaches crash_free_users < 99.5 (min sample 1000)`.
    public func summary(for sample: HealthSample) -> String {
        if let rule = breached.first {
            return "\(sample.metric.rawValue) \(sample.value) over \(sample.sampleSize) breaches \(rule)"
        }
        if let rule = inconclusive.first {
            return "\(sample.metric.rawValue) \(sample.value) would breach \(rule) but the sample of \(sample.sampleSize) is too small"
        }
        return "\(sample.metric.rawValue) \(sample.value) is healthy"
    }
}

// MARK: - HealthEvaluator

/// Checks samples against a train's health rules.
@MemberwiseInit(.public)
public struct HealthEvaluator: Sendable, Hashable {
    /// The train's rules.
    public let rules: [HealthRule]

    /// The verdict for `sample`: only rules on the sample's metric apply; a breach counts
    /// only when the sample is at least the rule's minimum.
    public func evaluate(_ sample: HealthSample) -> HealthVerdict {
        var verdict = HealthVerdict(breached: [], inconclusive: [])
        for rule in rules where rule.metric == sample.metric && rule.isBreached(by: sample.value) {
            if sample.sampleSize >= rule.minimumSample {
                verdict.breached.append(rule)
            } else {
                verdict.inconclusive.append(rule)
            }
        }
        return verdict
    }
}

// MARK: - HealthSample

/// One reading of a metric for a release on one store, as posted to
/// `POST /api/v1/releases/{id}/health`.
@MemberwiseInit(.public)
public struct HealthSample: Sendable, Hashable, Codable {
    /// What was measured.
    public var metric: HealthMetric
    /// The value, in percent.
    public var value: Double
    /// How many users or sessions the value is based on.
    public var sampleSize: Int

    /// JSON keys: `metric`, `value`, `sample_size`.
    enum CodingKeys: String, CodingKey {
        case metric, value
        case sampleSize = "sample_size"
    }
}
