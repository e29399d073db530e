import Core
import Foundation
import GRDB
import Store

/// A `Date` as the store writes and reads it: GRDB's text layout (`yyyy-MM-dd HH:mm:ss.SSS`,
/// UTC), converted by `UTCDateText` rather than by GRDB's `DateFormatter` and `Calendar`.
///
/// GRDB's own `Date` conversions load ICU's data on first use (2.5 MiB of an idle server's
/// memory, measured) and its formatter cost 3 % of the CPU on the webhook intake's path. Every
/// date the store binds or reads goes through this type, or through `StoredDateColumns` for
/// records, so the text in the database is the same as before, character for character.
package struct StoredDate: DatabaseValueConvertible, Sendable {
    /// The instant.
    package var date: Date

    package init(_ date: Date) {
        self.date = date
    }

    package var databaseValue: DatabaseValue {
        UTCDateText.sqlite(date).databaseValue
    }

    /// Reads text in any layout GRDB reads (date only, minutes, seconds, fractions, a `T`, a
    /// time-zone suffix) and numbers as seconds since 1970, as GRDB does.
    package static func fromDatabaseValue(_ dbValue: DatabaseValue) -> StoredDate? {
        switch dbValue.storage {
        case .int64(let seconds):
            return StoredDate(Date(timeIntervalSince1970: Double(seconds)))
        case .double(let seconds):
            return StoredDate(Date(timeIntervalSince1970: seconds))
        case .string:
            guard let parsed = DatabaseDateComponents.fromDatabaseValue(dbValue) else { return nil }
            let fields = parsed.dateComponents
            guard let year = fields.year, let month = fields.month, let day = fields.day,
                  let instant = UTCDateText.date(
                    year: year, month: month, day: day, hour: fields.hour ?? 0, minute: fields.minute ?? 0,
                    second: fields.second ?? 0, nanosecond: fields.nanosecond ?? 0)
            else { return nil }
            let offset = fields.timeZone.map { Double($0.secondsFromGMT()) } ?? 0
            return StoredDate(instant.addingTimeInterval(-offset))
        case .null, .blob:
            return nil
        }
    }
}

/// Records whose `Date` properties are encoded and decoded through `StoredDate`.
///
/// Conforming picks these strategies over GRDB's defaults, which would format with ICU.
protocol StoredDateColumns: FetchableRecord, EncodableRecord {}

extension StoredDateColumns {
    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .custom { StoredDate($0) }
    }

    static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .custom { StoredDate.fromDatabaseValue($0)?.date }
    }
}

extension Row {
    /// The date in a non-null column, read through `StoredDate`. Like GRDB's own non-optional
    /// reads, a NULL here is a schema error, not input.
    subscript(date column: String) -> Date {
        (self[column] as StoredDate).date
    }

    /// The date in a nullable column, read through `StoredDate`.
    subscript(optionalDate column: String) -> Date? {
        (self[column] as StoredDate?)?.date
    }
}
