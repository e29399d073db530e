import Foundation

/// Build and queue time percentiles and success rate over a window.
///
/// Success rate is `success / (success + failure)`: canceled builds say nothing about the code
/// or the build setup, so they count in `count` but not in the rate.
public struct BuildStatistics: Codable, Sendable, Equatable {
    /// The window summarised.
    public var window: DateInterval
    /// Builds that finished in the window (all outcomes).
    public var count: Int
    /// Successful builds.
    public var succeeded: Int
    /// Failed builds.
    public var failed: Int
    /// Canceled builds.
    public var canceled: Int
    /// `succeeded / (succeeded + failed)`, nil when neither occurred.
    public var successRate: Double?
    /// Run time distribution (nearest-rank percentiles), nil when empty.
    public var duration: Distribution?
    /// Queue wait distribution, nil when empty.
    public var queue: Distribution?

    /// Summarises the samples that finished in `window` (start inclusive, end exclusive).
    public init(samples: [BuildSample], window: DateInterval) {
        let inside = samples.filter { $0.finishedAt >= window.start && $0.finishedAt < window.end }
        self.window = window
        count = inside.count
        succeeded = inside.count { $0.outcome == .success }
        failed = inside.count { $0.outcome == .failure }
        canceled = inside.count { $0.outcome == .canceled }
        successRate = succeeded + failed > 0 ? Double(succeeded) / Double(succeeded + failed) : nil
        duration = Distribution(inside.map(\.durationSeconds))
        queue = Distribution(inside.map(\.queueSeconds))
    }
}

/// A window compared with the one just before it, as `GET /metrics/summary` reports.
public struct WindowComparison: Codable, Sendable, Equatable {
    /// The window ending now.
    public var current: BuildStatistics
    /// The window of the same length before it.
    public var previous: BuildStatistics
    /// Relative change of the build count in percent; nil when the previous window was empty.
    public var countChangePercent: Double?
    /// Change of the success rate in percentage points.
    public var successRateChangePoints: Double?
    /// Relative change of p50 run time in percent.
    public var p50ChangePercent: Double?
    /// Relative change of p90 run time in percent.
    public var p90ChangePercent: Double?
    /// Relative change of p95 run time in percent.
    public var p95ChangePercent: Double?
    /// Relative change of p50 queue time in percent.
    public var queueP50ChangePercent: Double?

    /// Compares `[now - length, now)` with `[now - 2·length, now - length)`.
    /// A negative or non-finite `length` is taken as zero (two empty windows), never a crash.
    public init(samples: [BuildSample], now: Date, length: TimeInterval) {
        let length = length.isFinite && length > 0 ? length : 0
        current = BuildStatistics(samples: samples, window: DateInterval(start: now.addingTimeInterval(-length), end: now))
        previous = BuildStatistics(
            samples: samples, window: DateInterval(start: now.addingTimeInterval(-2 * length), end: now.addingTimeInterval(-length)))
        countChangePercent = Self.percent(Double(previous.count), Double(current.count))
        if let before = previous.successRate, let after = current.successRate { successRateChangePoints = (after - before) * 100 }
        p50ChangePercent = Self.percent(previous.duration?.p50, current.duration?.p50)
        p90ChangePercent = Self.percent(previous.duration?.p90, current.duration?.p90)
        p95ChangePercent = Self.percent(previous.duration?.p95, current.duration?.p95)
        queueP50ChangePercent = Self.percent(previous.queue?.p50, current.queue?.p50)
    }

    /// `(after - before) / before · 100`, nil when `before` is missing or zero.
    static func percent(_ before: Double?, _ after: Double?) -> Double? {
        guard let before, let after, before != 0 else { return nil }
        return (after - before) / before * 100
    }
}
