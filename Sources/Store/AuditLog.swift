import Core

/// Reading the audit log; writing happens inside each change's own transaction.
public protocol AuditLog: Sendable {
    /// The newest events first, at most `limit`.
    func auditEvents(limit: Int) async throws(StoreError) -> [AuditEvent]
}
