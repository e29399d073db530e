import Foundation

/// The days metrics are kept and asked for by: UTC days numbered from 1970-01-01, and the
/// windows a query covers. Shared by every store backend, so their rollups agree.
package enum MetricsCalendar {
    /// Days since 1970-01-01 UTC.
    package static func day(of date: Date) -> Int {
        Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    /// Midnight UTC of a day number.
    package static func date(ofDay day: Int) -> Date {
        Date(timeIntervalSince1970: Double(day) * 86_400)
    }

    /// The Monday that starts the week of `day` (day 0, 1970-01-01, was a Thursday).
    package static func monday(ofDay day: Int) -> Int {
        day - ((day + 3) % 7 + 7) % 7
    }

    /// The current window (today and the `days - 1` before) and the one before it, as day numbers.
    package static func windows(_ query: MetricsQuery, now: Date) -> (current: ClosedRange<Int>, previous: ClosedRange<Int>) {
        let days = min(max(query.days, 1), MetricsQuery.maxWindowDays)
        let today = day(of: now)
        return ((today - days + 1)...today, (today - 2 * days + 1)...(today - days))
    }

    /// A day range as dates; a range ending today ends now.
    package static func window(_ days: ClosedRange<Int>, now: Date) -> MetricsWindow {
        let end = days.upperBound == day(of: now) ? now : date(ofDay: days.upperBound + 1)
        return MetricsWindow(start: date(ofDay: days.lowerBound), end: end, days: days.count)
    }
}
