import Foundation

extension JSONEncoder.DateEncodingStrategy {
    /// ISO 8601 in UTC, exactly as `.iso8601` writes it (`2026-11-22T09:15:00Z`), formatted by
    /// `UTCDateText` rather than by Foundation's ICU-backed `ISO8601FormatStyle`.
    ///
    /// Every response and stored JSON payload with dates uses this, so an idle server never
    /// loads ICU's calendar and time-zone data.
    public static var utcISO8601: Self {
        .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(UTCDateText.iso8601(date))
        }
    }
}
