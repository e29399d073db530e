import Foundation

/// The offsets at which date-sensitive suites run, so that none depends on today's date.
///
/// Their fixtures are fixed instants moved by one of these: a year back, none, a year ahead.
/// A year is 52 weeks here so that weekly cadences keep their weekdays. A service that read
/// the machine's time instead of the injected clock fails at one of the offsets.
enum DateShift {
    /// A year back, none, a year ahead, in seconds.
    static let all: [TimeInterval] = [-364 * 86_400, 0, 364 * 86_400]
}
