import Foundation

// MARK: - WallClock

/// Calendar arithmetic on local wall-clock times without DST pitfalls.
///
/// Local times are handled as "naive" seconds (the wall-clock reading as if it were UTC) and
/// days as plain day numbers since 1970-01-01, so adding a day is adding 1, never 86 400 real
/// seconds across a daylight-saving change. Only the final step converts to an instant with
/// the zone's offset.
enum WallClock {
    /// Seconds in a wall-clock day.
    static let secondsPerDay = 86_400

    /// The day number of a calendar date (proleptic Gregorian), or `nil` if it does not exist.
    static func dayNumber(year: Int, month: Int, day: Int) -> Int? {
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month) else { return nil }
        // Howard Hinnant's days-from-civil: exact for every Gregorian date.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year, month and day of a day number.
    static func civil(day: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = day + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let dayOfMonth = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, dayOfMonth)
    }

    /// `YYYY-MM-DD` for a day number.
    static func dateText(day: Int) -> String {
        let date = civil(day: day)
        return String(format: "%04d-%02d-%02d", date.year, date.month, date.day)
    }

    /// ISO weekday of a day number: 1 is Monday (1970-01-01 was a Thursday).
    static func isoWeekday(day: Int) -> Int {
        floorMod(day + 3, 7) + 1
    }

    /// `a mod b` that is never negative, for days before 1970.
    static func floorMod(_ value: Int, _ modulus: Int) -> Int {
        let remainder = value % modulus
        return remainder < 0 ? remainder + modulus : remainder
    }

    private static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
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
