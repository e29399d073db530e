import Foundation

/// The offsets at which date-sensitive suites run, so that none depends on today's date.
///
/// Their fixtures are fixed instants moved by one of these: a year back, none, a year ahead.
/// A year is 52 weeks here so that weekly cadences keep their weekdays. A service that read
/// the machine's time instead of the injected clock fails at one of the offsets.
public enum DateShift {
    /// A year back, none, a year ahead, in seconds.
    public static let all: [TimeInterval] = [-364 * 86_400, 0, 364 * 86_400]

    /// How far every test's system clock is moved: `MOBILE_OPS_TEST_DATE_SHIFT_DAYS` days
    /// (`make test` runs the suites whose code reads the clock once more at -364 and +364),
    /// else none.
    public static let whole: TimeInterval = {
        let days = ProcessInfo.processInfo.environment["MOBILE_OPS_TEST_DATE_SHIFT_DAYS"].flatMap(Double.init) ?? 0
        return days * 86_400
    }()

    /// The time a test's service started without a clock of its own reads now: fixtures that
    /// are "an hour ago" are an hour before this, not before the machine's time.
    public static var now: Date { Date().addingTimeInterval(whole) }

    /// `year`-`month`-`day` at `hour`:`minute` UTC (Gregorian), moved by `shift` seconds: a
    /// fixture's fixed instant.
    public static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0, shift: TimeInterval = 0) -> Date {
        var components = DateComponents(timeZone: TimeZone(identifier: "UTC"), year: year, month: month, day: day, hour: hour, minute: minute)
        components.calendar = Calendar(identifier: .gregorian)
        return (components.date ?? Date(timeIntervalSince1970: 0)).addingTimeInterval(shift)
    }
}
