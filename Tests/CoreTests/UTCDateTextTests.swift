import Core
import Foundation
import Testing

/// `UTCDateText` replaces Foundation's formatters on the server's paths; it must write exactly
/// what they wrote, or stored dates would stop comparing and sorting with older rows.
@Suite("UTC date text")
struct UTCDateTextTests {
    /// Instants across leap years, month ends, the epoch, far past and future, and fractions
    /// that sit on and near millisecond boundaries.
    static let instants: [Date] = {
        var dates: [Date] = [
            Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -1), Date(timeIntervalSince1970: -0.0005),
            Date(timeIntervalSince1970: 951_782_400), // 2000-02-29
            Date(timeIntervalSince1970: 4_107_542_399.999), // 2100-02-28 23:59:59.999
            Date(timeIntervalSince1970: -2_208_988_800), // 1900-01-01
            Date(timeIntervalSince1970: 1_795_000_000.123), Date(timeIntervalSince1970: 1_795_000_000.9999),
            Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSinceReferenceDate: 785_000_000.0015),
        ]
        // A fixed pseudo-random walk from 1901 to 2199, so a failure is reproducible.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let seconds = Double(state >> 11) / Double(1 << 53) * 9_400_000_000 - 2_177_000_000
            dates.append(Date(timeIntervalSince1970: seconds))
        }
        return dates
    }()

    @Test("SQLite text equals a yyyy-MM-dd HH:mm:ss.SSS DateFormatter's in UTC, GRDB's stored layout")
    func sqliteMatchesDateFormatter() {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        for date in Self.instants {
            #expect(UTCDateText.sqlite(date) == formatter.string(from: date), "\(date.timeIntervalSince1970)")
        }
    }

    @Test("ISO 8601 text equals JSONEncoder's .iso8601, and .utcISO8601 encodes the same JSON")
    func iso8601MatchesFoundation() throws {
        let foundation = JSONEncoder()
        foundation.dateEncodingStrategy = .iso8601
        let ours = JSONEncoder()
        ours.dateEncodingStrategy = .utcISO8601
        for date in Self.instants {
            let expected = try foundation.encode([date])
            #expect(try ours.encode([date]) == expected)
            #expect(Data("[\"\(UTCDateText.iso8601(date))\"]".utf8) == expected)
        }
        let withFraction = Date(timeIntervalSince1970: 1_795_000_000.25)
        #expect(UTCDateText.iso8601(withFraction, fractionalSeconds: true) == "2026-11-18T11:06:40.250Z")
    }

    @Test("civil fields give the instant, and fields out of range give nil")
    func civilFields() {
        #expect(UTCDateText.date(year: 1970, month: 1, day: 1) == Date(timeIntervalSince1970: 0))
        #expect(UTCDateText.date(year: 2000, month: 2, day: 29, hour: 12) == Date(timeIntervalSince1970: 951_825_600))
        #expect(UTCDateText.date(year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59) == Date(timeIntervalSince1970: -1))
        let fractional = UTCDateText.date(year: 2026, month: 11, day: 18, hour: 11, minute: 6, second: 40, nanosecond: 250_000_000)
        #expect(fractional == Date(timeIntervalSince1970: 1_795_000_000.25))
        for date in Self.instants.prefix(200) {
            let text = UTCDateText.sqlite(date)
            let parts = text.split(whereSeparator: { "- :.".contains($0) }).compactMap { Int($0) }
            let rebuilt = UTCDateText.date(
                year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4], second: parts[5],
                nanosecond: parts[6] * 1_000_000)
            #expect(rebuilt.map(UTCDateText.sqlite) == text)
        }
        #expect(UTCDateText.date(year: 2023, month: 2, day: 29) == nil)
        #expect(UTCDateText.date(year: 2024, month: 13, day: 1) == nil)
        #expect(UTCDateText.date(year: 2024, month: 4, day: 31) == nil)
        #expect(UTCDateText.date(year: 2024, month: 1, day: 1, hour: 24) == nil)
        #expect(UTCDateText.date(year: 2024, month: 1, day: 1, minute: 60) == nil)
        #expect(UTCDateText.date(year: 2024, month: 1, day: 1, nanosecond: 1_000_000_000) == nil)
    }
}
