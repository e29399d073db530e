import Foundation
import MemberwiseInit

/// One observation of a metric: a build's duration, or one build's cache hit rate.
@MemberwiseInit(.public)
public struct TimeSeriesPoint: Codable, Sendable, Equatable {
    /// When it was observed.
    public var date: Date
    /// The value (seconds, or a rate in 0…1).
    public var value: Double
}

/// What counts as a regression.
@MemberwiseInit(.public)
public struct RegressionParameters: Codable, Sendable, Equatable {
    /// Which way is worse.
    public enum Direction: String, Codable, Sendable {
        /// Durations: an increase is a regression.
        case higherIsWorse
        /// Cache hit rates: a decrease is a regression.
        case lowerIsWorse
    }

    /// Length of the baseline window, which ends where the recent window starts.
    public var baselineSeconds: TimeInterval = 14 * 86_400
    /// Length of the recent window, which ends at the evaluation time.
    public var recentSeconds: TimeInterval = 3 * 86_400
    /// Relative change of the median, in percent, beyond which the metric has regressed.
    public var thresholdPercent: Double = 20
    /// Fewest points each window needs before anything is decided.
    public var minimumSamples: Int = 10
    /// Which way is worse.
    public var direction: Direction = .higherIsWorse
}

/// A detected regression: the recent median moved beyond the threshold the bad way.
public struct Regression: Codable, Sendable, Equatable {
    /// The caller's name for the series (`acme/ios-app · pr · duration`), for storage and dedupe.
    public var seriesKey: String
    /// The evaluation time that found it.
    public var detectedAt: Date
    /// Median of the baseline window.
    public var baselineMedian: Double
    /// Median of the recent window.
    public var recentMedian: Double
    /// `(recent - baseline) / baseline · 100`.
    public var changePercent: Double
    /// Points in the baseline window.
    public var baselineSamples: Int
    /// Points in the recent window.
    public var recentSamples: Int
}

/// What one evaluation concluded.
public enum RegressionEvaluation: Sendable, Equatable {
    /// A window had fewer points than `minimumSamples` (or the baseline median was zero).
    case insufficientData(baselineSamples: Int, recentSamples: Int)
    /// Both windows had enough points; the change (percent) is within the threshold.
    case normal(changePercent: Double)
    /// The change is beyond the threshold the bad way.
    case regressed(Regression)
}

/// Compares the median of a recent window with the median of the baseline window before it.
/// Medians ignore outliers (one 3-hour build does not move them), and both windows need
/// `minimumSamples` points, so noise does not fire; the result depends only on the inputs.
public enum RegressionDetector {
    /// Evaluates `series` at `now`: recent = `(now - recent, now]`, baseline = the
    /// `baselineSeconds` before that.
    public static func evaluate(_ series: [TimeSeriesPoint], at now: Date, parameters: RegressionParameters, seriesKey: String = "") -> RegressionEvaluation {
        let recentStart = now.addingTimeInterval(-max(0, parameters.recentSeconds))
        let baselineStart = recentStart.addingTimeInterval(-max(0, parameters.baselineSeconds))
        var recent: [Double] = [], baseline: [Double] = []
        for point in series where point.value.isFinite {
            if point.date > recentStart, point.date <= now {
                recent.append(point.value)
            } else if point.date > baselineStart, point.date <= recentStart {
                baseline.append(point.value)
            }
        }
        let needed = max(1, parameters.minimumSamples)
        guard baseline.count >= needed, recent.count >= needed,
              let before = Percentiles.median(baseline), let after = Percentiles.median(recent), before != 0 else {
            return .insufficientData(baselineSamples: baseline.count, recentSamples: recent.count)
        }
        let change = (after - before) / abs(before) * 100
        let worse = parameters.direction == .higherIsWorse ? change : -change
        guard worse > parameters.thresholdPercent else { return .normal(changePercent: change) }
        return .regressed(Regression(
            seriesKey: seriesKey, detectedAt: now, baselineMedian: before, recentMedian: after,
            changePercent: change, baselineSamples: baseline.count, recentSamples: recent.count))
    }
}
