import Foundation

/// Dates as UTC text in the two fixed layouts the server writes, computed with integer arithmetic.
///
/// Foundation's `DateFormatter`, `ISO8601FormatStyle` and a `Calendar` with a locale load ICU's
/// locale, calendar and time-zone data on first use: several megabytes of resident memory for
/// the life of the process, and microseconds per call on every insert. The server only ever
/// writes UTC, so it converts with the civil-calendar arithmetic below instead
/// (proleptic Gregorian, as Foundation's UTC calendar is for these years).
public enum UTCDateText {
    /// SQLite's layout, and GRDB's for stored dates: `yyyy-MM-dd HH:mm:ss.SSS`.
    ///
    /// Milliseconds are rounded to the nearest, as that formatter rounds them, so text written
    /// here sorts and compares exactly like text GRDB's own formatter wrote into the same columns.
    public static func sqlite(_ date: Date) -> String {
        let parts = Parts(date, roundingMilliseconds: .toNearestOrAwayFromZero)
        var text = parts.day(separator: "-")
        text.append(" ")
        text.append(parts.time())
        text.append(".")
        text.append(padded(parts.millisecond, 3))
        return text
    }

    /// ISO 8601 in UTC as `JSONEncoder`'s `.iso8601` writes it: `yyyy-MM-ddTHH:mm:ssZ`, or with
    /// milliseconds when `fractionalSeconds` is true.
    public static func iso8601(_ date: Date, fractionalSeconds: Bool = false) -> String {
        // `.iso8601` drops the fraction (the seconds are truncated); DateFormatter's "SSS" rounds.
        let parts = Parts(date, roundingMilliseconds: fractionalSeconds ? .toNearestOrAwayFromZero : .down)
        var text = parts.day(separator: "-")
        text.append("T")
        text.append(parts.time())
        if fractionalSeconds {
            text.append(".")
            text.append(padded(parts.millisecond, 3))
        }
        text.append("Z")
        return text
    }

    /// The instant of a UTC civil date and time; `nil` when a field is out of range.
    public static func date(
        year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, nanosecond: Int = 0
    ) -> Date? {
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              (0..<1_000_000_000).contains(nanosecond) else { return nil }
        let seconds = daysSinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds) + Double(nanosecond) / 1e9)
    }

    /// Days from 1970-01-01 to a civil date (Howard Hinnant's `days_from_civil`).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a day count from 1970-01-01 (Howard Hinnant's `civil_from_days`).
    static func civil(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    fileprivate static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// A date split into UTC fields, down to the millisecond.
    private struct Parts {
        var year, month, day, hour, minute, second, millisecond: Int

        init(_ date: Date, roundingMilliseconds rule: FloatingPointRoundingRule) {
            let milliseconds = Int(((date.timeIntervalSinceReferenceDate + 978_307_200) * 1_000).rounded(rule))
            let (days, inDay) = Self.floorDivision(milliseconds, 86_400_000)
            (year, month, day) = UTCDateText.civil(daysSinceEpoch: days)
            hour = inDay / 3_600_000
            minute = inDay / 60_000 % 60
            second = inDay / 1_000 % 60
            millisecond = inDay % 1_000
        }

        func day(separator: String) -> String {
            UTCDateText.padded(year, 4) + separator + UTCDateText.padded(month, 2) + separator + UTCDateText.padded(day, 2)
        }

        func time() -> String {
            UTCDateText.padded(hour, 2) + ":" + UTCDateText.padded(minute, 2) + ":" + UTCDateText.padded(second, 2)
        }

        static func floorDivision(_ value: Int, _ divisor: Int) -> (quotient: Int, remainder: Int) {
            let remainder = value % divisor
            return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
        }
    }
}
