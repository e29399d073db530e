import BuildMetrics
import Foundation

/// Sums the rollup rows of a summary query into ``MetricsSummary``: a backend reads the rows
/// of ``days`` (from the table ``RollupTable/serving(_:)`` names) and hands each over; the
/// grouping, the two windows, percentiles, changes and waiting cost are decided here, so both
/// backends answer the same summary to the last digit.
package struct MetricsSummaryTally {
    /// The query being answered.
    package let query: MetricsQuery
    /// When it is asked.
    package let now: Date
    /// The current window's days (today and the days before it).
    package let current: ClosedRange<Int>
    /// The window before, as long as the current one.
    package let previous: ClosedRange<Int>
    private var currentTotals: [String?: RollupTotals] = [:]
    private var previousTotals: [String?: RollupTotals] = [:]
    /// Per day of the current window, for the waiting cost.
    private var waited: [Int: RollupTotals] = [:]

    /// Starts a tally for `query` asked at `now`.
    package init(_ query: MetricsQuery, now: Date) {
        self.query = query
        self.now = now
        (current, previous) = MetricsCalendar.windows(query, now: now)
    }

    /// The days whose rows to read: both windows.
    package var days: ClosedRange<Int> { previous.lowerBound...current.upperBound }

    /// Adds one rollup row of `day`. `group` is the row's value of the grouping column, when
    /// the query groups (a stored `''` is shown as `(none)`).
    package mutating func add(day: Int, group: String?, sums: RollupTotals.Sums, runs: Data?, queues: Data?, totals: Data?) {
        let key: String? = query.groupBy == nil ? nil : ((group ?? "").isEmpty ? "(none)" : group)
        if current.contains(day) {
            currentTotals[key, default: RollupTotals()].add(sums, runs: runs, queues: queues, totals: totals)
            waited[day, default: RollupTotals()].add(sums)
        } else {
            previousTotals[key, default: RollupTotals()].add(sums, runs: runs, queues: queues, totals: totals)
        }
    }

    /// The summary: one group per key seen in either window (one group for everything when
    /// ungrouped), the busiest first, then by key.
    package var summary: MetricsSummary {
        var keys = Set(currentTotals.keys).union(previousTotals.keys)
        if query.groupBy == nil { keys = [nil] }
        let groups = keys.map { key in
            let now = (currentTotals[key] ?? RollupTotals()).statistics
            let before = (previousTotals[key] ?? RollupTotals()).statistics
            return SummaryGroup(key: key, current: now, previous: before, change: WindowChange(current: now, previous: before))
        }.sorted { ($0.current.count, $1.key ?? "") > ($1.current.count, $0.key ?? "") }
        return MetricsSummary(
            window: MetricsCalendar.window(current, now: now), previousWindow: MetricsCalendar.window(previous, now: now), groupBy: query.groupBy,
            groups: groups, waiting: WaitingCostRollup.summarize(waited, days: current, now: now, speedupPercent: query.speedupPercent))
    }
}
