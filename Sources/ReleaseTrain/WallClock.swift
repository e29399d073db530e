import Core
import Foundation

// MARK: - WallClock

/// Calendar arithmetic on local wall-clock times without DST pitfalls.
///
/// Local times are handled as "naive" seconds (the wall-clock reading as if it were UTC) and
/// days as plain day numbers since 1970-01-01, so adding a day is adding 1, never 86 400 real
/// seconds across a daylight-saving change. Only the final step converts to an instant with
/// the zone's offset. The calendar arithmetic itself is `CivilCalendar`'s.
enum WallClock {
    /// Seconds in a wall-clock day.
    static let secondsPerDay = 86_400

    /// `YYYY-MM-DD` for a day number.
    static func dateText(day: Int) -> String {
        let date = CivilCalendar.date(ofDay: day)
        return String(format: "%04d-%02d-%02d", date.year, date.month, date.day)
    }

    /// ISO weekday of a day number: 1 is Monday (1970-01-01 was a Thursday).
    static func isoWeekday(day: Int) -> Int {
        CivilCalendar.floorMod(day + 3, 7) + 1
    }

    // MARK: Instants

    /// The local day number of `instant` in `zone`.
    static func localDay(of instant: Date, in zone: TimeZone) -> Int {
        let naive = Int(instant.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: instant)
        return Int((Double(naive) / Double(secondsPerDay)).rounded(.down))
    }

    /// The instant a wall-clock reading (`naiveSeconds`) happens in `zone`.
    ///
    /// The offsets a day before and after bracket any transition near it. A reading that is
    /// consistent with one of them is the answer (the earlier if both: a repeated autumn hour
    /// happens the first time); a reading consistent with neither fell into a spring-forward
    /// gap and is placed with the offset from before the gap, i.e. shifted forward by the gap.
    static func instant(naiveSeconds: Int, in zone: TimeZone) -> Date {
        let naive = Date(timeIntervalSince1970: TimeInterval(naiveSeconds))
        let before = zone.secondsFromGMT(for: naive.addingTimeInterval(-TimeInterval(secondsPerDay)))
        let after = zone.secondsFromGMT(for: naive.addingTimeInterval(TimeInterval(secondsPerDay)))
        let consistent = [before, after].compactMap { offset -> Date? in
            let candidate = naive.addingTimeInterval(-TimeInterval(offset))
            return zone.secondsFromGMT(for: candidate) == offset ? candidate : nil
        }
        return consistent.min() ?? naive.addingTimeInterval(-TimeInterval(before))
    }
}
