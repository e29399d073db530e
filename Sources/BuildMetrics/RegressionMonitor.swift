import Foundation
import MemberwiseInit

/// Turns repeated evaluations into events, so each regression is announced **once**: it fires
/// when a series goes from normal to regressed, stays quiet while it remains regressed, and
/// re-arms only after the change falls back within half the threshold (hysteresis, so a metric
/// hovering at the threshold does not fire again and again). Insufficient data changes nothing.
///
/// The state is a small Codable value the store can keep per series.
@MemberwiseInit(.public)
public struct RegressionMonitor: Codable, Sendable, Equatable {
    /// The series this monitor watches.
    public var seriesKey: String
    /// The rules.
    public var parameters: RegressionParameters
    /// Whether the series is currently regressed (an open regression exists).
    public private(set) var isRegressed: Bool = false

    // MARK: Observing

    /// Evaluates the series at `now`; returns a regression only when one starts.
    public mutating func observe(_ series: [TimeSeriesPoint], at now: Date) -> Regression? {
        switch RegressionDetector.evaluate(series, at: now, parameters: parameters, seriesKey: seriesKey) {
        case .insufficientData:
            return nil
        case let .regressed(regression):
            defer { isRegressed = true }
            return isRegressed ? nil : regression
        case let .normal(change):
            let worse = parameters.direction == .higherIsWorse ? change : -change
            if isRegressed, worse <= parameters.thresholdPercent / 2 { isRegressed = false }
            return nil
        }
    }

    /// Replays history: evaluates at `start`, `start + step`, … up to `end` and returns the
    /// regressions that started. `step` must be positive; otherwise nothing is evaluated.
    public static func scan(
        _ series: [TimeSeriesPoint], seriesKey: String = "", parameters: RegressionParameters,
        from start: Date, to end: Date, step: TimeInterval
    ) -> [Regression] {
        guard step.isFinite, step > 0 else { return [] }
        var monitor = RegressionMonitor(seriesKey: seriesKey, parameters: parameters)
        let sorted = series.sorted { $0.date < $1.date }
        var found: [Regression] = []
        var now = start
        while now <= end {
            if let regression = monitor.observe(sorted, at: now) { found.append(regression) }
            now = now.addingTimeInterval(step)
        }
        return found
    }
}
