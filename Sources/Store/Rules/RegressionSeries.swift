import BuildMetrics
import Core
import Foundation
import MemberwiseInit

/// One series (repository · pipeline · platform) as regression detection sees it: its builds'
/// run times and cache hit rates over the lookback, and what a ``RegressionMonitor`` decides
/// from them against the stored state. A backend reads the points and keeps the state; what
/// is a regression, and what is recorded and announced about it, is decided here, so two
/// backends looking at the same builds open the same regressions.
@MemberwiseInit(.package)
package struct RegressionSeries {
    /// The series' repository.
    package var repository: String
    /// Its pipeline; `''` when reports had none (as the rollup key stores it).
    package var pipeline: String
    /// Its platform; `''` when none.
    package var platform: String
    /// Each build's run seconds, at its finish.
    package var durations: [TimeSeriesPoint] = []
    /// Each build's cache hit rate, for builds where some task needed its outputs.
    package var hitRates: [TimeSeriesPoint] = []

    /// `repository · pipeline · platform`: the key of its stored state and of its regressions.
    package var key: String { "\(repository) · \(pipeline) · \(platform)" }

    /// How far back a series counts as recent (it has builds worth evaluating), and how far back
    /// its points are read: the longer of the two metrics' windows.
    package static func lookback(_ settings: RegressionSettings) -> (recent: TimeInterval, span: TimeInterval) {
        let recent = max(settings.duration.recentSeconds, settings.cacheHitRate.recentSeconds)
        let span = max(settings.duration.recentSeconds + settings.duration.baselineSeconds,
                       settings.cacheHitRate.recentSeconds + settings.cacheHitRate.baselineSeconds)
        return (recent, span)
    }

    /// Adds one build: its run time, and its hit rate when `needed` tasks (executed, failed or
    /// from cache) wanted outputs: a build where everything was up to date has no rate.
    package mutating func add(finishedAt: Date, runSeconds: Double, needed: Int, fromCache: Int) {
        durations.append(TimeSeriesPoint(date: finishedAt, value: runSeconds))
        if needed > 0 { hitRates.append(TimeSeriesPoint(date: finishedAt, value: Double(fromCache) / Double(needed))) }
    }

    /// The metrics evaluated, each with its points and rules, in the order they are recorded.
    package func metrics(_ settings: RegressionSettings) -> [(metric: String, points: [TimeSeriesPoint], parameters: RegressionParameters)] {
        [("duration", durations, settings.duration), ("cacheHitRate", hitRates, settings.cacheHitRate)]
    }

    /// Applies the monitor to one metric's points from its stored state: the state to store,
    /// and the regression that starts now, if one does.
    package func observe(_ points: [TimeSeriesPoint], parameters: RegressionParameters, wasRegressed: Bool, now: Date) -> (isRegressed: Bool, found: Regression?) {
        var monitor = RegressionMonitor(seriesKey: key, parameters: parameters, isRegressed: wasRegressed)
        let found = monitor.observe(points, at: now)
        return (monitor.isRegressed, found)
    }

    /// The stored regression of `found`, recorded with `id`.
    package func stored(_ found: Regression, metric: String, id: Int64, now: Date) -> StoredRegression {
        StoredRegression(
            id: id, seriesKey: key, repository: repository, pipeline: Self.label(pipeline), platform: Self.label(platform),
            metric: metric, detectedAt: now, baselineMedian: found.baselineMedian, recentMedian: found.recentMedian,
            changePercent: found.changePercent, baselineSamples: found.baselineSamples, recentSamples: found.recentSamples, resolvedAt: nil)
    }

    /// A dimension as a regression names it: `(none)` when reports had none.
    package static func label(_ value: String) -> String { value.isEmpty ? "(none)" : value }
}

extension StoredRegression {
    /// The outbox message's payload (kind ``RegressionAnnouncement/kind``): the regression as
    /// JSON, dates in ISO 8601 for the notifiers that read it.
    package func outboxPayload() throws -> String {
        try StoreJSON.encode(self, dates: .utcISO8601)
    }

    /// The feed's event for this regression, in words.
    package var notableEvent: NotableEvent {
        let what = metric == "duration"
            ? String(format: "median run time rose %.0f%% (%.0fs → %.0fs)", changePercent, baselineMedian, recentMedian)
            : String(format: "median cache hit rate fell %.0f%% (%.0f%% → %.0f%%)", -changePercent, baselineMedian * 100, recentMedian * 100)
        return NotableEvent(
            kind: "metrics.regression", title: "\(seriesKey): \(what)",
            summary: "Over the last builds (\(recentSamples)) compared with the \(baselineSamples) before, the \(what).",
            url: "/api/v1/metrics/regressions", occurredAt: detectedAt)
    }
}
