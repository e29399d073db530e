import Foundation
import GRDB
import Store

/// The `outbox` table row: a notification to deliver at least once, written in the same
/// transaction as the change it announces.
struct OutboxRecord: Codable, FetchableRecord, StoredDateColumns, DirectInsertRecord, Sendable {
    static let databaseTableName = "outbox"

    var id: Int64?
    /// What to deliver, e.g. `commit_status`.
    var kind: String
    /// JSON the delivering service understands.
    var payload: String
    var createdAt: Date
    var attempts: Int
    var nextAttemptAt: Date
    var deliveredAt: Date?
    var lastError: String?

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// Every column but `id`, in `addColumnValues(to:)`'s order: the intake binds them directly
    /// (a commit status with every build; see `DirectInsertRecord`).
    static let insertColumns = [
        "kind", "payload", "createdAt", "attempts", "nextAttemptAt", "deliveredAt", "lastError",
    ]
    static let insertSQL = insertStatement(columns: insertColumns)

    func addColumnValues(to columns: inout some ColumnValueSink) {
        columns.add(kind)
        columns.add(payload)
        columns.add(createdAt)
        columns.add(Int64(attempts))
        columns.add(nextAttemptAt)
        columns.add(deliveredAt)
        columns.add(lastError)
    }

    /// The same values for GRDB's updates; its `Encodable` path cost several times an insert.
    func encode(to container: inout PersistenceContainer) {
        encodeColumns(to: &container)
    }

    /// A new undelivered message, due now.
    init(kind: String, payload: String, at now: Date) {
        self.id = nil
        self.kind = kind
        self.payload = payload
        self.createdAt = now
        self.attempts = 0
        self.nextAttemptAt = now
        self.deliveredAt = nil
        self.lastError = nil
    }
}

extension OutboxRecord {
    /// The public value; nil only for a record that was never inserted.
    var message: OutboxMessage? {
        guard let id else { return nil }
        return OutboxMessage(
            id: id, kind: kind, payload: payload, createdAt: createdAt, attempts: attempts,
            nextAttemptAt: nextAttemptAt, deliveredAt: deliveredAt, lastError: lastError
        )
    }
}
