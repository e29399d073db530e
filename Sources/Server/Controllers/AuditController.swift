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
                parameters: [.query("limit", .json(#"{"type":"integer","minimum":1,"maximum":1000}"#))],
                answers: [.ok("AuditEvents")],
                errors: [.badRequest, .databaseUnavailable]
            )) { request, _ in
                let limit = request.uri.queryParameters.get("limit").flatMap(Int.init) ?? 100
                guard (1...1000).contains(limit) else {
                    throw APIError.badRequest("limit must be between 1 and 1000", code: "invalid_limit")
                }
                return try await .json(Events(events: log.auditEvents(limit: limit)))
            },
        ]
    }

    /// Response body.
    struct Events: Codable {
        var events: [AuditEvent]
    }
}
