import Foundation

// MARK: - CalendarVersionFormat

/// A calendar-version format such as `YYYY.MM.DD` or `YYYY.0W.N`: dot-separated tokens from
/// calver.org, plus `N`, a per-period counter.
///
/// | token | meaning | example |
/// |---|---|---|
/// | `YYYY` | full year | 2025 |
/// | `YY` / `0Y` | short year / zero-padded | 5 / 05 |
/// | `MM` / `0M` | month / zero-padded | 3 / 03 |
/// | `WW` / `0W` | ISO week / zero-padded | 7 / 07 |
/// | `DD` / `0D` | day of month / zero-padded | 4 / 04 |
/// | `N` | 1 for the first release of the period, then 2, 3 … (last token only) | 1 |
///
/// With a week token the years are ISO week-years, so the last days of December can belong
/// to week 1 of the next year. Dates are taken in the train's time zone.
public struct CalendarVersionFormat: Sendable, Hashable, CustomStringConvertible {
    /// One part of the format.
    enum Token: String, Sendable, CaseIterable {
        case fullYear = "YYYY", shortYear = "YY", paddedYear = "0Y"
        case month = "MM", paddedMonth = "0M"
        case week = "WW", paddedWeek = "0W"
        case day = "DD", paddedDay = "0D"
        case counter = "N"
    }

    /// The tokens in order.
    let tokens: [Token]

    /// Reads a format; the error names the unknown token and lists the known ones.
    public init(parsing text: String) throws(VersionError) {
        var tokens: [Token] = []
        for part in text.split(separator: ".", omittingEmptySubsequences: false) {
            guard let token = Token(rawValue: String(part)) else {
                let known = Token.allCases.map(\.rawValue).joined(separator: ", ")
                throw VersionError("unknown calver token '\(part)' in '\(text)'; use dot-separated tokens from \(known)")
            }
            tokens.append(token)
        }
        guard tokens.contains(where: { $0 != .counter }) else {
            throw VersionError("calver format '\(text)' needs at least one date token such as YYYY")
        }
        if let index = tokens.firstIndex(of: .counter), index != tokens.count - 1 {
            throw VersionError("N must be the last token of calver format '\(text)'")
        }
        let usesWeeks = tokens.contains { $0 == .week || $0 == .paddedWeek }
        let usesMonthOrDay = tokens.contains { [.month, .paddedMonth, .day, .paddedDay].contains($0) }
        if usesWeeks && usesMonthOrDay {
            throw VersionError("calver format '\(text)' mixes weeks with months or days; use YYYY.0W.N or YYYY.MM.DD style")
        }
        self.tokens = tokens
    }

    /// The format as written.
    public var description: String { tokens.map(\.rawValue).joined(separator: ".") }

    /// Whether the format ends in the counter `N`.
    var hasCounter: Bool { tokens.last == .counter }

    // MARK: Versions

    /// The version for a release started at `date`: the date parts, and `N` one past the
    /// latest version's when that one is from the same period (else 1).
    func nextVersion(after latest: String?, at date: Date, timeZone: TimeZone) throws(VersionError) -> String {
        let dateParts = self.dateParts(at: date, timeZone: timeZone)
        let latestParts = latest.map { $0.split(separator: ".").map(String.init) }
        let samePeriod = latestParts.map { Array($0.prefix(dateParts.count)) == dateParts } ?? false
        guard hasCounter else {
            if samePeriod, let latest {
                throw VersionError("version \(latest) already exists for this period and calver format \(self) has no counter N; add .N to allow several releases per period")
            }
            return dateParts.joined(separator: ".")
        }
        var counter = 1
        if samePeriod, let latestParts, latestParts.count > dateParts.count, let previous = Int(latestParts[dateParts.count]) {
            counter = previous + 1
        }
        return (dateParts + [String(counter)]).joined(separator: ".")
    }

    /// A hotfix of `latest`: its `N` bumped, or without `N` a `.1` suffix (`.2` after `.1` …).
    func hotfixVersion(after latest: String) throws(VersionError) -> String {
        var parts = latest.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == tokens.count || parts.count == tokens.count + 1,
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else {
            throw VersionError("'\(latest)' does not match calver format \(self)")
        }
        if parts.count == tokens.count && !hasCounter {
            parts.append("1")
        } else if let last = parts.last.flatMap({ Int($0) }) {
            parts[parts.count - 1] = String(last + 1)
        }
        return parts.joined(separator: ".")
    }

    /// The date tokens rendered for `date` in `timeZone`.
    private func dateParts(at date: Date, timeZone: TimeZone) -> [String] {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .weekOfYear, .yearForWeekOfYear], from: date)
        let usesWeeks = tokens.contains { $0 == .week || $0 == .paddedWeek }
        let year = (usesWeeks ? parts.yearForWeekOfYear : parts.year) ?? 0
        return tokens.compactMap { token -> String? in
            switch token {
            case .fullYear: String(year)
            case .shortYear: String(year % 100)
            case .paddedYear: String(format: "%02d", year % 100)
            case .month: String(parts.month ?? 0)
            case .paddedMonth: String(format: "%02d", parts.month ?? 0)
            case .week: String(parts.weekOfYear ?? 0)
            case .paddedWeek: String(format: "%02d", parts.weekOfYear ?? 0)
            case .day: String(parts.day ?? 0)
            case .paddedDay: String(format: "%02d", parts.day ?? 0)
            case .counter: nil
            }
        }
    }
}
