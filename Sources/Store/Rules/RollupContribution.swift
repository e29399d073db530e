import BuildMetrics
import Foundation

/// One build's contribution to its day's rollup rows (per branch, and per series), the same
/// for every store backend.
package struct RollupContribution {
    /// The build's UTC day (`MetricsCalendar.day(of:)` of its finish).
    package var day: Int
    /// Repository name.
    package var repository: String
    /// Pipeline; `''` when the report had none (a key column cannot be NULL).
    package var pipeline: String
    /// Branch; `''` when none.
    package var branch: String
    /// Platform; `''` when none.
    package var platform: String
    /// `gradle`, `xcode` or `other`.
    package var buildSystem: String
    /// How the build ended.
    package var outcome: BuildOutcome
    /// Queue, run and total seconds of the build.
    package var times: BuildTimes
    /// Whether a developer waited on it.
    package var waitedOn: Bool
    /// In `MetricBuildRow.counters` order.
    package var counters: [Int]

    /// What the build adds to its row's summed columns.
    package var sums: RollupTotals.Sums { RollupTotals.Sums(self) }

    /// The row's run, queue and total histograms with this build counted, from the row's stored
    /// ones (nil or empty for a new row). Histograms are merged in Swift, not in SQL: their
    /// sparse blob has no SQL sum, so each backend reads the row (locked), merges, writes back.
    package func histograms(addedTo runs: Data?, queues: Data?, totals: Data?) -> (runs: Data, queues: Data, totals: Data) {
        var run = DurationHistogram(encoded: runs), queue = DurationHistogram(encoded: queues), total = DurationHistogram(encoded: totals)
        run.add(times.runSeconds)
        queue.add(times.queueSeconds)
        total.add(times.totalSeconds)
        return (run.encoded, queue.encoded, total.encoded)
    }
}
