import Foundation

/// A time of day, in UTC, at which a pipeline runs: written `daily at 02:30` under
/// `triggers.schedule`. Deliberately simpler than cron: nightly builds are the use case.
public struct DailySchedule: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Hour of the day, 0–23, UTC.
    public var hour: Int
    /// Minute of the hour, 0–59.
    public var minute: Int

    /// Creates a schedule, or `nil` when the time does not exist.
    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Parses `daily at HH:MM` (one- or two-digit hour, case-insensitive, extra spaces
    /// allowed); `nil` for anything else.
    public init?(parsing text: String) {
        let words = text.lowercased().split(whereSeparator: \.isWhitespace)
        guard words.count == 3, words[0] == "daily", words[1] == "at" else { return nil }
        let parts = words[2].split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
              let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// `daily at HH:MM`, the form the file uses.
    public var description: String {
        "daily at \(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)"
    }

    // MARK: Next run

    /// The first time strictly after `date` at which this schedule fires.
    public func nextRun(after date: Date) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let start = calendar.startOfDay(for: date)
        let offset = TimeInterval(hour * 3600 + minute * 60)
        let today = start.addingTimeInterval(offset)
        // UTC has no daylight saving, so a day is always 86 400 seconds here.
        return today > date ? today : today.addingTimeInterval(86_400)
    }

    /// The last time at or before `date` at which this schedule fired.
    public func lastRun(atOrBefore date: Date) -> Date {
        nextRun(after: date).addingTimeInterval(-86_400)
    }
}
