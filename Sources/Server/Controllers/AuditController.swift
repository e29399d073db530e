import Core
import Hummingbird
import Store

/// `GET /api/v1/audit`: the newest audit events (admin only).
struct AuditController: APIController {
    let log: any AuditLog

    var routes: [Route] {
        [
            Route(.get, "/api/v1/audit", scope: .admin, openAPI: OpenAPIOperation(
                "Newest audit events", tag: "server",
                parameters: [.limit(maximum: 1000)],
                answers: [.ok("AuditEvents")],
                errors: [.badRequest, .databaseUnavailable]
            )) { request, _ in
                try await .json(Events(events: log.auditEvents(limit: request.listLimit(standard: 100, maximum: 1000))))
            },
        ]
    }

    /// Response body.
    struct Events: Codable {
        var events: [AuditEvent]
    }
}
