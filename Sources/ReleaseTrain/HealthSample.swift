// MARK: - HealthSample

/// One reading of a metric for a release on one store, as posted to
/// `POST /api/v1/releases/{id}/health`.
public struct HealthSample: Sendable, Hashable, Codable {
    /// What was measured.
    public var metric: HealthMetric
    /// The value, in percent.
    public var value: Double
    /// How many users or sessions the value is based on.
    public var sampleSize: Int

    /// Creates a sample.
    public init(metric: HealthMetric, value: Double, sampleSize: Int) {
        self.metric = metric
        self.value = value
        self.sampleSize = sampleSize
    }

    /// JSON keys: `metric`, `value`, `sample_size`.
    enum CodingKeys: String, CodingKey {
        case metric, value
        case sampleSize = "sample_size"
    }
}
