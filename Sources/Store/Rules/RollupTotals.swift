import BuildMetrics
import Foundation
import MemberwiseInit

/// Sums of daily rollup rows: what every window answer (summary, cache report, dashboard
/// trends, waiting cost) is computed from. Each backend reads its rows its own way and hands
/// the values over here, so percentiles and rates come out the same on every backend.
package struct RollupTotals {
    /// The summed columns of one rollup row, as plain values: a backend reads them from its
    /// own row type (by position, where that is what keeps summing 100,000 rows cheap).
    @MemberwiseInit(.package)
    package struct Sums {
        /// Builds.
        package var count: Int
        /// Builds that succeeded.
        package var succeeded: Int
        /// Builds that failed.
        package var failed: Int
        /// Builds that were canceled.
        package var canceled: Int
        /// Builds a developer waited on.
        package var waitedBuilds: Int
        /// Run seconds (the `durationSum` column: it predates the name).
        package var runSum: Double
        /// Queue seconds.
        package var queueSum: Double
        /// Total seconds of the builds a developer waited on.
        package var waitedSeconds: Double
        /// Run seconds of the builds a developer waited on (what a speed-up would save).
        package var waitedRunSeconds: Double
        /// Total seconds.
        package var totalSum: Double
        /// The task counters.
        package var cache: CacheStatistics

        /// One build's share of its day's row: the build counted once under its outcome, its
        /// times, and its counters (`MetricBuildRow.counters` order).
        package init(_ build: RollupContribution) {
            let times = build.times
            count = 1
            succeeded = build.outcome == .success ? 1 : 0
            failed = build.outcome == .failure ? 1 : 0
            canceled = build.outcome == .canceled ? 1 : 0
            waitedBuilds = build.waitedOn ? 1 : 0
            runSum = times.runSeconds
            queueSum = times.queueSeconds
            // A developer waits for the whole build, queue included; a faster run saves only run time.
            waitedSeconds = build.waitedOn ? times.totalSeconds : 0
            waitedRunSeconds = build.waitedOn ? times.runSeconds : 0
            totalSum = times.totalSeconds
            let counters = build.counters + Array(repeating: 0, count: max(0, 8 - build.counters.count))
            cache = .counts(
                executed: counters[0], failed: counters[1], fromCache: counters[2], localHits: counters[3], remoteHits: counters[4],
                upToDate: counters[5], noSource: counters[6], skipped: counters[7])
        }

        /// The counters in `MetricBuildRow.counters` order, as the rollup columns hold them.
        package var counters: [Int] {
            [cache.executed, cache.failed, cache.fromCache, cache.localHits, cache.remoteHits, cache.upToDate, cache.noSource, cache.skipped]
        }
    }

    /// Builds.
    package var count = 0
    /// Builds that succeeded.
    package var succeeded = 0
    /// Builds that failed.
    package var failed = 0
    /// Builds that were canceled.
    package var canceled = 0
    /// Builds a developer waited on.
    package var waitedBuilds = 0
    /// Run seconds (the `durationSum` column).
    package var runSum = 0.0
    /// Queue seconds.
    package var queueSum = 0.0
    /// Total seconds.
    package var totalSum = 0.0
    /// Total seconds of waited-on builds.
    package var waitedSeconds = 0.0
    /// Run seconds of waited-on builds.
    package var waitedRunSeconds = 0.0
    /// Run time distribution.
    package var runs = DurationHistogram()
    /// Queue time distribution.
    package var queues = DurationHistogram()
    /// Total time distribution.
    package var totals = DurationHistogram()
    /// Task counters.
    package var cache = CacheStatistics(tasks: [])

    /// Adds one row's sums (its histograms apart: queries that need no percentile skip them).
    package mutating func add(_ sums: Sums) {
        count += sums.count
        succeeded += sums.succeeded
        failed += sums.failed
        canceled += sums.canceled
        waitedBuilds += sums.waitedBuilds
        runSum += sums.runSum
        queueSum += sums.queueSum
        waitedSeconds += sums.waitedSeconds
        waitedRunSeconds += sums.waitedRunSeconds
        totalSum += sums.totalSum
        cache.merge(sums.cache)
    }

    /// Adds one row's sums and its stored run, queue and total histograms.
    package mutating func add(_ sums: Sums, runs run: Data?, queues queue: Data?, totals total: Data?) {
        add(sums)
        runs.add(encoded: run)
        queues.add(encoded: queue)
        totals.add(encoded: total)
    }

    /// The window figures of these totals.
    package var statistics: WindowStatistics {
        WindowStatistics(
            count: count, succeeded: succeeded, failed: failed, canceled: canceled,
            successRate: succeeded + failed > 0 ? Double(succeeded) / Double(succeeded + failed) : nil,
            queue: Self.percentiles(queues, sum: queueSum, count: count),
            run: Self.percentiles(runs, sum: runSum, count: count),
            total: Self.percentiles(totals, sum: totalSum, count: count))
    }

    /// p50/p90/p95 from the histogram and the exact mean from the sum.
    private static func percentiles(_ histogram: DurationHistogram, sum: Double, count: Int) -> PercentileSet? {
        // Rows written before totals were kept have no total histogram: no figure beats a wrong one.
        guard count > 0, histogram.total == count, let p50 = histogram.percentile(50), let p90 = histogram.percentile(90), let p95 = histogram.percentile(95)
        else { return nil }
        return PercentileSet(p50: p50, p90: p90, p95: p95, mean: sum / Double(count))
    }
}

/// The two rollup tables: per branch, and per series (without the branch). Each backend names
/// them in its own spelling; which one a query reads is decided here.
package enum RollupTable: CaseIterable {
    /// Day × repository × pipeline × branch × platform × build system.
    case branches
    /// The same without the branch, for queries that do not ask by branch.
    case series

    /// The table a query reads: the smaller one unless it filters or groups by branch (every
    /// pull request has a branch of its own, so the branch table is many times larger).
    package static func serving(_ query: MetricsQuery) -> RollupTable {
        query.branch != nil || query.groupBy == .branch ? .branches : .series
    }
}
