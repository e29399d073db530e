import BuildMetrics
import Foundation
import MemberwiseInit

/// A recorded regression: a series' recent median moved beyond the threshold the bad way.
/// Recorded once (unique per series, metric and day it opened); closed when the series
/// recovers to within half the threshold.
@MemberwiseInit(.package)
public struct StoredRegression: Codable, Sendable, Equatable {
    /// Storage id.
    public var id: Int64
    /// `repository · pipeline · platform`.
    public var seriesKey: String
    /// The series' repository.
    public var repository: String
    /// The series' pipeline (`(none)` when reports had none).
    public var pipeline: String
    /// The series' platform (`(none)` when reports had none).
    public var platform: String
    /// `duration` (median run time, seconds) or `cacheHitRate` (median per-build hit rate, 0…1).
    public var metric: String
    /// When the evaluation found it.
    public var detectedAt: Date
    /// Median of the baseline window.
    public var baselineMedian: Double
    /// Median of the recent window.
    public var recentMedian: Double
    /// `(recent - baseline) / baseline · 100`.
    public var changePercent: Double
    /// Builds in the baseline window.
    public var baselineSamples: Int
    /// Builds in the recent window.
    public var recentSamples: Int
    /// When the series came back within half the threshold; nil while open.
    public var resolvedAt: Date?
}

/// The outbox payload of kind `regression`: the regression as JSON.
public enum RegressionAnnouncement {
    /// The outbox message kind.
    public static let kind = "regression"
}

/// The rules regression detection runs with.
@MemberwiseInit(.public)
public struct RegressionSettings: Sendable, Equatable {
    /// For the median run time (higher is worse).
    public var duration: RegressionParameters = RegressionParameters()
    /// For the median per-build cache hit rate (lower is worse).
    public var cacheHitRate: RegressionParameters = RegressionParameters(thresholdPercent: 15, direction: .lowerIsWorse)
    /// Most series evaluated per pass (the busiest recent ones first), to bound one pass.
    public var maxSeries: Int = 500
}
