import Foundation

/// Dates as UTC text in the two fixed layouts the server writes, computed with integer arithmetic.
///
/// Foundation's `DateFormatter`, `ISO8601FormatStyle` and a `Calendar` with a locale load ICU's
/// locale, calendar and time-zone data on first use: several megabytes of resident memory for
/// the life of the process, and microseconds per call on every insert. The server only ever
/// writes UTC, so it converts with `CivilCalendar`'s arithmetic instead (proleptic Gregorian,
/// as Foundation's UTC calendar is for these years).
public enum UTCDateText {
    /// SQLite's layout, and GRDB's for stored dates: `yyyy-MM-dd HH:mm:ss.SSS`.
    ///
    /// Milliseconds are rounded to the nearest, as that formatter rounds them, so text written
    /// here sorts and compares exactly like text GRDB's own formatter wrote into the same columns.
    public static func sqlite(_ date: Date) -> String {
        let parts = Parts(date, roundingMilliseconds: .toNearestOrAwayFromZero)
        var text = parts.dayText()
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
        var text = parts.dayText()
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
        guard let days = CivilCalendar.dayNumber(year: year, month: month, day: day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              (0..<1_000_000_000).contains(nanosecond) else { return nil }
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds) + Double(nanosecond) / 1e9)
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
            let inDay = CivilCalendar.floorMod(milliseconds, 86_400_000)
            (year, month, day) = CivilCalendar.date(ofDay: (milliseconds - inDay) / 86_400_000)
            hour = inDay / 3_600_000
            minute = inDay / 60_000 % 60
            second = inDay / 1_000 % 60
            millisecond = inDay % 1_000
        }

        func dayText() -> String {
            UTCDateText.padded(year, 4) + "-" + UTCDateText.padded(month, 2) + "-" + UTCDateText.padded(day, 2)
        }

        func time() -> String {
            UTCDateText.padded(hour, 2) + ":" + UTCDateText.padded(minute, 2) + ":" + UTCDateText.padded(second, 2)
        }
    }
}
