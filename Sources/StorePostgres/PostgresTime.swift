import Foundation
import Store

/// Instants as the PostgreSQL store writes them: whole milliseconds, as the SQLite store keeps
/// them, so a value reads back the same on either backend and data moved from one to the
/// other compares equal.
package enum PostgresTime {
    /// `date` truncated to the millisecond.
    package static func stored(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1_000).rounded(.down) / 1_000)
    }

    /// `date`, when there is one, truncated to the millisecond.
    package static func stored(_ date: Date?) -> Date? {
        date.map { stored($0) }
    }
}
