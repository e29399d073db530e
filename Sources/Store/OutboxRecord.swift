import Foundation
import GRDB

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

    /// Every column but `id`, bound directly by the intake (a commit status with every build; see `DirectInsertRecord`).
    static let insertColumns = ["kind", "payload", "createdAt", "attempts", "nextAttemptAt", "deliveredAt", "lastError"]
    static let insertSQL = insertStatement(columns: insertColumns)

    func bindInsert(_ row: inout SQLiteRowValues) {
        row.add(kind)
        row.add(payload)
        row.add(createdAt)
        row.add(Int64(attempts))
        row.add(nextAttemptAt)
        row.add(deliveredAt)
        row.add(lastError)
    }

    /// Every column by hand (see `JobRecord`): a message is written with every build.
    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["kind"] = kind
        container["payload"] = payload
        container["createdAt"] = StoredDate(createdAt)
        container["attempts"] = attempts
        container["nextAttemptAt"] = StoredDate(nextAttemptAt)
        container["deliveredAt"] = deliveredAt.map(StoredDate.init)
        container["lastError"] = lastError
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
