import Core
import GRDB

/// Reading the audit log; writing happens inside each change's own transaction.
public protocol AuditLog: Sendable {
    /// The newest events first, at most `limit`.
    func auditEvents(limit: Int) async throws(StoreError) -> [AuditEvent]
}

extension AppDatabase: AuditLog {
    /// The newest events first, at most `limit`.
    public func auditEvents(limit: Int) throws(StoreError) -> [AuditEvent] {
        try read { db in
            try AuditEventRecord.order(Column("id").desc).limit(limit).fetchAll(db).map(\.event)
        }
    }
}
