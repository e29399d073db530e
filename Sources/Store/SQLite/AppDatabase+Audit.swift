import Core
import GRDB

extension AppDatabase: AuditLog {
    /// The newest events first, at most `limit`.
    public func auditEvents(limit: Int) throws(StoreError) -> [AuditEvent] {
        try read { db in
            try AuditEventRecord.order(Column("id").desc).limit(limit).fetchAll(db).map(\.event)
        }
    }
}
