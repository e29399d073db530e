import BuildMetrics
import Foundation

/// The dashboard's 30-day figures from the daily rollups (series table, every repository):
/// builds and medians per day, the cache trend, cache rates per build system and the waiting
/// cost. A backend reads the rows of ``days`` and hands each over; the figures are worked out
/// here, so both backends draw the same dashboard.
package struct DashboardTrends {
    /// Days of trend on the dashboard.
    package static let days = 30

    /// When it is asked.
    package let now: Date
    /// The days shown, oldest first, today last.
    package let days: ClosedRange<Int>
    private var byDay: [Int: RollupTotals] = [:]
    private var bySystem: [String: RollupTotals] = [:]

    /// Starts the trends of the 30 days ending today.
    package init(now: Date) {
        self.now = now
        let today = MetricsCalendar.day(of: now)
        days = (today - Self.days + 1)...today
    }

    /// The query whose rollup rows the trends are read from: everything, ungrouped.
    package var query: MetricsQuery { MetricsQuery() }

    /// Adds one rollup row of `day` for `buildSystem`, with its histograms.
    package mutating func add(day: Int, buildSystem: String, sums: RollupTotals.Sums, runs: Data?, queues: Data?, totals: Data?) {
        byDay[day, default: RollupTotals()].add(sums, runs: runs, queues: queues, totals: totals)
        bySystem[buildSystem, default: RollupTotals()].add(sums)
    }

    /// Count, medians and success rate per day; every day listed, quiet ones with no medians.
    package var trends: [DailyBuildTrend] {
        days.map { day in
            let totals = byDay[day] ?? RollupTotals()
            let statistics = totals.statistics
            return DailyBuildTrend(
                day: MetricsCalendar.date(ofDay: day), count: totals.count, queueP50Seconds: statistics.queue?.p50,
                runP50Seconds: statistics.run?.p50, totalP50Seconds: statistics.total?.p50, successRate: statistics.successRate)
        }
    }

    /// The hit rate per day; every day listed (a chart's axis does not skip days).
    package var cacheTrend: [DailyCacheRate] {
        days.map { day in
            let cache = byDay[day]?.cache ?? CacheStatistics(tasks: [])
            return DailyCacheRate(day: MetricsCalendar.date(ofDay: day), hitRate: cache.hitRate, fromCache: cache.fromCache, executed: cache.executed + cache.failed)
        }
    }

    /// Cache rates per build system over the 30 days, by name.
    package var cacheByBuildSystem: [NamedCacheRates] { CacheReportTally.named(bySystem) }

    /// Developer-hours spent waiting over the 30 days.
    package var waiting: WaitingCostSummary { WaitingCostRollup.summarize(byDay, days: days, now: now, speedupPercent: nil) }
}
