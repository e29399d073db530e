import Foundation

/// The developer-hours spent waiting on builds, per day and per week, and what a speed-up
/// would save: computed from the daily rollups, the same way by every store backend.
package enum WaitingCostRollup {
    /// Developer-hours per day and week from the rollups' waited-on sums (exact, not estimated).
    package static func summarize(_ byDay: [Int: RollupTotals], days: ClosedRange<Int>, now: Date, speedupPercent: Double?) -> WaitingCostSummary {
        var perDay: [PeriodHours] = []
        var weeks: [Int: PeriodHours] = [:]
        var total = 0.0, builds = 0, runSeconds = 0.0
        for day in days {
            let totals = byDay[day] ?? RollupTotals()
            let hours = totals.waitedSeconds / 3_600
            perDay.append(PeriodHours(start: MetricsCalendar.date(ofDay: day), hours: hours, builds: totals.waitedBuilds))
            // Weeks start on Monday.
            let monday = MetricsCalendar.monday(ofDay: day)
            weeks[monday, default: PeriodHours(start: MetricsCalendar.date(ofDay: monday), hours: 0, builds: 0)].hours += hours
            weeks[monday]?.builds += totals.waitedBuilds
            total += hours
            builds += totals.waitedBuilds
            runSeconds += totals.waitedRunSeconds
        }
        var saved: Double?
        if let speedupPercent, speedupPercent.isFinite {
            let elapsedDays = max(now.timeIntervalSince(MetricsCalendar.date(ofDay: days.lowerBound)), 1) / 86_400
            saved = runSeconds * min(max(speedupPercent, 0), 100) / 100 / elapsedDays * 30 / 3_600
        }
        return WaitingCostSummary(
            totalHours: total, waitedBuilds: builds, perDay: perDay, perWeek: weeks.keys.sorted().compactMap { weeks[$0] },
            speedupPercent: saved == nil ? nil : speedupPercent, hoursSavedPerMonth: saved)
    }
}
