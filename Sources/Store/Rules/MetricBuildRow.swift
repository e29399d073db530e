import BuildMetrics
import Foundation

/// One `metricBuild` row. A **build** (a report from the API, or a finished MobileOps build)
/// adds to the daily rollups, which every summary, percentile, rate and waiting cost is read
/// from; a **job** row is one agent's report of one job, kept as the breakdown of its build
/// (steps, tasks, tests) and never counted as a build.
package struct MetricBuildRow {
    /// Which of the two a row is (the `unit` column).
    package enum Unit: String {
        /// Counted: one row per build.
        case build
        /// A breakdown inside a MobileOps build.
        case job
    }

    package var source: MetricsSource
    package var unit: Unit
    /// The MobileOps build (for its own row and its jobs' rows); nil for API reports.
    package var ciBuildID: Int64?
    package var externalID: String?
    package var dimensions: BuildDimensions
    /// `gradle`, `xcode` or `other` (see `BuildDimensions.buildSystem`).
    package var buildSystem: String
    package var outcome: BuildOutcome
    package var startedAt: Date?
    package var finishedAt: Date
    /// Queue, run (the `durationSeconds` column) and total seconds.
    package var times: BuildTimes
    package var waitedOn: Bool
    /// Executed, failed, from cache, local hits, remote hits, up to date, no source, skipped
    /// (each backend's task-counter columns, in this order).
    package var counters: [Int]
    package var receivedAt: Date

    /// What the row adds to its day's rollups: a build row counts; a job row is a breakdown
    /// and adds nothing.
    package var rollupContribution: RollupContribution? {
        guard unit == .build else { return nil }
        return RollupContribution(
            day: MetricsCalendar.day(of: finishedAt), repository: dimensions.repository, pipeline: dimensions.pipeline ?? "",
            branch: dimensions.branch ?? "", platform: dimensions.platform?.rawValue ?? "", buildSystem: buildSystem,
            outcome: outcome, times: times, waitedOn: waitedOn, counters: counters)
    }
}
