import Foundation

/// `GET /api/v1/metrics/summary`: queue, run and total time percentiles (``BuildTimes``),
/// success rate and count of builds per group for the window, compared with the window of the same length just before it, and the
/// cost of waiting over the window.
public struct MetricsSummary: Codable, Sendable, Equatable {
    /// The window summarised (whole UTC days; `end` is now).
    public var window: MetricsWindow
    /// The window compared against.
    public var previousWindow: MetricsWindow
    /// The dimension grouped by, or nil for one overall group.
    public var groupBy: MetricsGrouping?
    /// One entry per group, the busiest first; one entry with `key` nil when ungrouped.
    public var groups: [SummaryGroup]
    /// Developer-hours spent waiting on builds in the window.
    public var waiting: WaitingCostSummary
    /// How the percentiles were computed, for readers of the JSON.
    public var percentileMethod: String = "nearest rank over a log-scale histogram; within 4.9% of the exact value"
}

/// A span of whole UTC days.
public struct MetricsWindow: Codable, Sendable, Equatable {
    /// Start (midnight UTC, inclusive).
    public var start: Date
    /// End (exclusive): now for the current window.
    public var end: Date
    /// Days covered.
    public var days: Int
}

/// One group's current and previous window.
public struct SummaryGroup: Codable, Sendable, Equatable {
    /// The group's value (`(none)` for builds without it); nil when ungrouped.
    public var key: String?
    /// The window asked for.
    public var current: WindowStatistics
    /// The window before it.
    public var previous: WindowStatistics
    /// Current relative to previous.
    public var change: WindowChange
}

/// Counts, success rate and percentiles of one window.
public struct WindowStatistics: Codable, Sendable, Equatable {
    /// Builds finished (any outcome).
    public var count: Int
    /// Successful builds.
    public var succeeded: Int
    /// Failed builds.
    public var failed: Int
    /// Canceled builds.
    public var canceled: Int
    /// `succeeded / (succeeded + failed)`; canceled builds do not count. Nil when neither occurred.
    public var successRate: Double?
    /// Queue seconds (first job assigned − created); nil without builds.
    public var queue: PercentileSet?
    /// Run seconds (last job finished − first job started); nil without builds.
    public var run: PercentileSet?
    /// Total seconds (finished − created); nil without builds.
    public var total: PercentileSet?
}

/// p50/p90/p95 (from the rollup histogram) and the exact mean.
public struct PercentileSet: Codable, Sendable, Equatable {
    /// Median.
    public var p50: Double
    /// 90th percentile.
    public var p90: Double
    /// 95th percentile.
    public var p95: Double
    /// Exact arithmetic mean (from the rollup sums).
    public var mean: Double
}

/// How the current window differs from the previous one; nil where either side is missing.
public struct WindowChange: Codable, Sendable, Equatable {
    /// Relative change of the build count, in percent.
    public var countPercent: Double?
    /// Change of the success rate, in percentage points.
    public var successRatePoints: Double?
    /// Relative change of p50 queue time, in percent.
    public var queueP50Percent: Double?
    /// Relative change of p50 run time, in percent.
    public var runP50Percent: Double?
    /// Relative change of p90 run time, in percent.
    public var runP90Percent: Double?
    /// Relative change of p95 run time, in percent.
    public var runP95Percent: Double?
    /// Relative change of p50 total time, in percent.
    public var totalP50Percent: Double?

    /// Compares two windows.
    init(current: WindowStatistics, previous: WindowStatistics) {
        func percent(_ before: Double?, _ after: Double?) -> Double? {
            guard let before, let after, before != 0 else { return nil }
            return (after - before) / before * 100
        }
        countPercent = percent(Double(previous.count), Double(current.count))
        if let before = previous.successRate, let after = current.successRate { successRatePoints = (after - before) * 100 }
        queueP50Percent = percent(previous.queue?.p50, current.queue?.p50)
        runP50Percent = percent(previous.run?.p50, current.run?.p50)
        runP90Percent = percent(previous.run?.p90, current.run?.p90)
        runP95Percent = percent(previous.run?.p95, current.run?.p95)
        totalP50Percent = percent(previous.total?.p50, current.total?.p50)
    }
}

/// The cost of waiting: total time of builds a developer waits on (pull-request and manual
/// builds), in developer-hours, assuming one waiting developer per build (a floor).
public struct WaitingCostSummary: Codable, Sendable, Equatable {
    /// Developer-hours over the whole window.
    public var totalHours: Double
    /// Waited-on builds in the window.
    public var waitedBuilds: Int
    /// Hours per UTC day of the window, oldest first (days without builds are 0).
    public var perDay: [PeriodHours]
    /// Hours per week (weeks start Monday 00:00 UTC) touching the window, oldest first.
    public var perWeek: [PeriodHours]
    /// The speed-up priced, in percent, when asked for (`?speedup=20`).
    public var speedupPercent: Double?
    /// Developer-hours per 30 days that run times shorter by `speedupPercent` would save,
    /// at the window's rate (queue time left as is, so this is conservative).
    public var hoursSavedPerMonth: Double?
}

/// Developer-hours in one period.
public struct PeriodHours: Codable, Sendable, Equatable {
    /// Period start (UTC midnight).
    public var start: Date
    /// Developer-hours waited.
    public var hours: Double
    /// Waited-on builds.
    public var builds: Int
}
