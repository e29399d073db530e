import Core
import Foundation
import PostgresNIO
import Store

extension PostgresAppDatabase: AuditLog {
    /// The newest events first, at most `limit`.
    public func auditEvents(limit: Int) async throws(StoreError) -> [AuditEvent] {
        try await read { connection in
            let rows = try await connection.boundedQuery(
                "SELECT id, occurred_at, actor, action, subject, detail FROM audit_event ORDER BY id DESC LIMIT \(Int64(max(0, limit)))",
                logger: self.logger)
            var events: [AuditEvent] = []
            for try await (id, occurredAt, actor, action, subject, detail) in rows.decode((Int64, Date, String, String, String, String?).self) {
                events.append(AuditEvent(id: id, occurredAt: occurredAt, actor: actor, action: action, subject: subject, detail: detail))
            }
            return events
        }
    }

    /// Writes one audit event on `connection`, inside the caller's transaction: an event is
    /// stored with the change it describes or not at all.
    func insertAudit(_ event: AuditEvent, on connection: PostgresConnection) async throws {
        try await connection.run(
            """
            INSERT INTO audit_event (occurred_at, actor, action, subject, detail)
            VALUES (\(PostgresTime.stored(event.occurredAt)), \(event.actor), \(event.action), \(event.subject), \(event.detail))
            """, logger: logger
        )
    }
}
