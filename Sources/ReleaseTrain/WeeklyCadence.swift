import Core
import Foundation

// MARK: - WeeklyCadence

/// Every `intervalWeeks` weeks on one weekday, at a wall-clock time in a time zone.
///
/// - The time is the train's local time: `10:00 Europe/Berlin` stays 10:00 in Berlin on both
///   sides of a daylight-saving change (08:00 UTC in summer, 09:00 UTC in winter). Without a
///   time zone the time is UTC.
/// - Which weeks count: with `starting YYYY-MM-DD` (a date on the cadence's weekday), that date
///   is the first occurrence and every `intervalWeeks`-th week after it follows. Without it,
///   weeks are counted from the week of Monday 1970-01-05, so the rhythm is stable and the
///   same on every server.
/// - A wall-clock time skipped by a spring-forward change (02:30 on the night clocks jump
///   from 02:00 to 03:00) happens at the same instant it would have under the old offset,
///   i.e. 03:30; a time that occurs twice in the autumn happens the first time.
public struct WeeklyCadence: Sendable, Hashable, CustomStringConvertible {
    /// Weeks between occurrences, 1–52.
    public let intervalWeeks: Int
    /// ISO weekday: 1 is Monday, 7 is Sunday.
    public let weekday: Int
    /// Local hour, 0–23.
    public let hour: Int
    /// Local minute, 0–59.
    public let minute: Int
    /// The time zone.
    public let timeZone: TimeZone
    /// The zone's name as written (`UTC` by default); Foundation may report an alias.
    public let timeZoneName: String
    /// The day number (days since 1970-01-01) of the first occurrence, when `starting` was given.
    let startDay: Int?

    /// The English weekday names, Monday first, as the syntax accepts them.
    static let weekdayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    // MARK: Parsing

    /// Reads `every [N] week(s) on <weekday> at HH:MM [<time zone>] [starting YYYY-MM-DD]`.
    init(words: [String]) throws(CadenceSyntaxError) {
        var rest = words[...]
        func take() -> String? { rest.popFirst() }
        guard take()?.lowercased() == "every" else { throw .syntax("a cadence starts with 'every' or is 'manual'") }
        var unit = take()?.lowercased()
        var interval = 1
        if let count = unit.flatMap({ Int($0) }) {
            guard (1...52).contains(count) else { throw CadenceSyntaxError("the number of weeks must be between 1 and 52, found \(count)") }
            interval = count
            unit = take()?.lowercased()
        }
        guard unit == "week" || unit == "weeks" else { throw .syntax("expected 'week' or 'weeks' after 'every'") }
        guard take()?.lowercased() == "on", let dayWord = take()?.lowercased() else { throw .syntax("expected 'on <weekday>'") }
        guard let dayIndex = Self.weekdayNames.firstIndex(where: { $0 == dayWord || ($0.prefix(3) == dayWord) }) else {
            throw CadenceSyntaxError("unknown weekday '\(dayWord)'; use monday … sunday (or mon … sun)")
        }
        guard take()?.lowercased() == "at", let timeWord = take() else { throw .syntax("expected 'at HH:MM'") }
        guard let (hour, minute) = Self.time(timeWord) else {
            throw CadenceSyntaxError("'\(timeWord)' is not a time of day; write HH:MM in 24-hour form, e.g. 10:00")
        }
        var zone = TimeZone(identifier: "UTC")
        var zoneName = "UTC"
        var startDay: Int?
        while let word = take() {
            if word.lowercased() == "starting" {
                guard let dateWord = take(), let day = Self.dayNumber(dateWord) else {
                    throw CadenceSyntaxError("'starting' needs a date written YYYY-MM-DD")
                }
                guard WallClock.isoWeekday(day: day) == dayIndex + 1 else {
                    throw CadenceSyntaxError("the starting date \(dateWord) is not a \(Self.weekdayNames[dayIndex])")
                }
                startDay = day
            } else if startDay == nil, let named = TimeZone(identifier: word) {
                zone = named
                zoneName = word
            } else {
                throw CadenceSyntaxError("unknown time zone '\(word)'; use an IANA name such as Europe/Berlin or America/New_York, or UTC")
            }
        }
        guard let zone else { throw CadenceSyntaxError("the UTC time zone is not available on this system") }
        self.intervalWeeks = interval
        self.weekday = dayIndex + 1
        self.hour = hour
        self.minute = minute
        self.timeZone = zone
        self.timeZoneName = zoneName
        self.startDay = startDay
    }

    /// `HH:MM` or `H:MM` in 24-hour form.
    private static func time(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        return (hour, minute)
    }

    /// The day number of a `YYYY-MM-DD` date, or `nil` when it is not a real date.
    private static func dayNumber(_ text: String) -> Int? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        return CivilCalendar.dayNumber(year: year, month: month, day: day)
    }

    // MARK: Description

    /// The canonical one-line form.
    public var description: String {
        let every = intervalWeeks == 1 ? "every week" : "every \(intervalWeeks) weeks"
        let time = String(format: "%02d:%02d", hour, minute)
        var text = "\(every) on \(Self.weekdayNames[weekday - 1]) at \(time) \(timeZoneName)"
        if let startDay {
            text += " starting \(WallClock.dateText(day: startDay))"
        }
        return text
    }
}
