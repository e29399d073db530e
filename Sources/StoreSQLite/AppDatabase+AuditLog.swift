import Core
import GRDB
import Store

extension AppDatabase: AuditLog {
    /// The newest events first, at most `limit`.
    public func auditEvents(limit: Int) async throws(StoreError) -> [AuditEvent] {
        try await read { db in
            try AuditEventRecord.order(Column("id").desc).limit(limit).fetchAll(db).map(\.event)
        }
    }
}
