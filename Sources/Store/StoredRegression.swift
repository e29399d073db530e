import BuildMetrics
import Foundation

/// A recorded regression: a series' recent median moved beyond the threshold the bad way.
/// Recorded once (unique per series, metric and day it opened); closed when the series
/// recovers to within half the threshold.
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

    /// Every member, as the memberwise initializer takes them (which is internal).
    package init(
        id: Int64, seriesKey: String, repository: String, pipeline: String, platform: String, metric: String, detectedAt: Date, baselineMedian: Double, recentMedian: Double, changePercent: Double, baselineSamples: Int, recentSamples: Int, resolvedAt: Date? = nil
    ) {
        self.id = id
        self.seriesKey = seriesKey
        self.repository = repository
        self.pipeline = pipeline
        self.platform = platform
        self.metric = metric
        self.detectedAt = detectedAt
        self.baselineMedian = baselineMedian
        self.recentMedian = recentMedian
        self.changePercent = changePercent
        self.baselineSamples = baselineSamples
        self.recentSamples = recentSamples
        self.resolvedAt = resolvedAt
    }
}

/// The outbox payload of kind `regression`: the regression as JSON.
public enum RegressionAnnouncement {
    /// The outbox message kind.
    public static let kind = "regression"
}

/// The rules regression detection runs with.
public struct RegressionSettings: Sendable, Equatable {
    /// For the median run time (higher is worse).
    public var duration: RegressionParameters
    /// For the median per-build cache hit rate (lower is worse).
    public var cacheHitRate: RegressionParameters
    /// Most series evaluated per pass (the busiest recent ones first), to bound one pass.
    public var maxSeries: Int

    /// Defaults: both over a 14-day baseline and a 3-day recent window with at least 10
    /// builds in each; duration +20 %, cache hit rate −15 % (relative).
    public init(
        duration: RegressionParameters = RegressionParameters(),
        cacheHitRate: RegressionParameters = RegressionParameters(thresholdPercent: 15, direction: .lowerIsWorse),
        maxSeries: Int = 500
    ) {
        self.duration = duration
        self.cacheHitRate = cacheHitRate
        self.maxSeries = maxSeries
    }
}
