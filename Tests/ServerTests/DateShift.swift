import Foundation

/// The offsets at which date-sensitive suites run, so that none depends on today's date.
///
/// Their fixtures are fixed instants moved by one of these: a year back, none, a year ahead.
/// A year is 52 weeks here so that weekly cadences keep their weekdays. A service that read
/// the machine's time instead of the injected clock fails at one of the offsets.
enum DateShift {
    /// A year back, none, a year ahead, in seconds.
    static let all: [TimeInterval] = [-364 * 86_400, 0, 364 * 86_400]

    /// How far every test server's system clock is moved: `MOBILE_OPS_TEST_DATE_SHIFT_DAYS`
    /// days (`make test` runs the server suites once more at -364 and +364), else none.
    static let whole: TimeInterval = {
        let days = ProcessInfo.processInfo.environment["MOBILE_OPS_TEST_DATE_SHIFT_DAYS"].flatMap(Double.init) ?? 0
        return days * 86_400
    }()

    /// The time a test server started without a clock of its own reads now: fixtures that are
    /// "an hour ago" are an hour before this, not before the machine's time.
    static var now: Date { Date().addingTimeInterval(whole) }
}
