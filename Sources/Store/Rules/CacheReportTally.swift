import BuildMetrics
import Foundation

/// Sums the rollup rows of a cache query into ``CacheReport``: overall, per build system and
/// per day from the rollups, plus the per-task and per-target figures a backend counts from
/// the window's detail rows. Assembled here so both backends answer the same report.
package struct CacheReportTally {
    /// When it is asked.
    package let now: Date
    /// The window's days.
    package let days: ClosedRange<Int>
    private var overall = RollupTotals()
    private var bySystem: [String: RollupTotals] = [:]
    private var byDay: [Int: RollupTotals] = [:]

    /// Starts a tally for `query` asked at `now`.
    package init(_ query: MetricsQuery, now: Date) {
        self.now = now
        days = MetricsCalendar.windows(query, now: now).current
    }

    /// Where the window starts: the per-task detail rows are read from here on (a build
    /// finished later today, a sender's clock running ahead, is in).
    package var start: Date { MetricsCalendar.date(ofDay: days.lowerBound) }

    /// Most tasks (and targets) listed, the most-missing first.
    package static let taskLimit = 20

    /// Adds one rollup row of `day` for `buildSystem` (histograms are not needed here).
    package mutating func add(day: Int, buildSystem: String, sums: RollupTotals.Sums) {
        overall.add(sums)
        bySystem[buildSystem, default: RollupTotals()].add(sums)
        byDay[day, default: RollupTotals()].add(sums)
    }

    /// The report, with the per-task and per-target counts a backend read from detail rows.
    package func report(byTask: [NamedCacheRates], byTarget: [NamedCacheRates]) -> CacheReport {
        // Days when no task needed its outputs have no rate: they are left out of the trend
        // rather than drawn as 0 %.
        let trend = byDay.keys.sorted().compactMap { day -> DailyCacheRate? in
            guard let cache = byDay[day]?.cache, cache.executed + cache.failed + cache.fromCache + cache.upToDate > 0 else { return nil }
            return DailyCacheRate(day: MetricsCalendar.date(ofDay: day), hitRate: cache.hitRate, fromCache: cache.fromCache, executed: cache.executed + cache.failed)
        }
        return CacheReport(
            window: MetricsCalendar.window(days, now: now), overall: CacheRates(overall.cache),
            byBuildSystem: Self.named(bySystem), trend: trend, byTask: byTask, byTarget: byTarget)
    }

    /// Rates per name, by name.
    package static func named(_ totals: [String: RollupTotals]) -> [NamedCacheRates] {
        totals.keys.sorted().compactMap { name in totals[name].map { NamedCacheRates(name: name, rates: CacheRates($0.cache)) } }
    }
}
