import Core
import Foundation
import GRDB
import Store

/// The `auditEvent` table row: who did what to which thing, and when.
struct AuditEventRecord: Codable, FetchableRecord, StoredDateColumns, MutablePersistableRecord, Sendable {
    static let databaseTableName = "auditEvent"

    var id: Int64?
    var occurredAt: Date
    var actor: String
    var action: String
    var subject: String
    var detail: String?

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    init(_ event: AuditEvent) {
        self.id = nil
        self.occurredAt = event.occurredAt
        self.actor = event.actor
        self.action = event.action
        self.subject = event.subject
        self.detail = event.detail
    }

    var event: AuditEvent {
        AuditEvent(id: id, occurredAt: occurredAt, actor: actor, action: action, subject: subject, detail: detail)
    }
}
