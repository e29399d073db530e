import Core
import Foundation
import Hummingbird
import Store

/// `GET /api/v1/outbox`: the notification backlog and the messages that gave up, and
/// `POST /api/v1/outbox/{id}/retry`: another set of attempts for one that gave up (admin).
struct OutboxController: APIController {
    let store: any OutboxStore
    /// The clock every time-based decision reads.
    let clock: any TimeSource

    var routes: [Route] {
        [
            Route(.get, "/api/v1/outbox", scope: .admin, openAPI: OpenAPIOperation(
                "Commit-status and team-webhook backlog", tag: "webhooks",
                parameters: [.limit(maximum: 500)],
                answers: [.ok("OutboxStatus")],
                errors: [.badRequest, .databaseUnavailable]
            )) { request, _ in
                let limit = try request.listLimit(standard: 50, maximum: 500)
                let backlog = try await store.outboxBacklog(now: clock.now)
                let dead = try await store.deadMessages(limit: limit).map {
                    Dead(id: $0.id, kind: $0.kind, attempts: $0.attempts, lastError: $0.lastError, createdAt: $0.createdAt)
                }
                return try .json(Status(pending: backlog.pending, due: backlog.due, dead: backlog.dead, oldestPendingAt: backlog.oldestPendingAt, deadMessages: dead))
            },
            Route(.post, "/api/v1/outbox/:id/retry", scope: .admin, openAPI: OpenAPIOperation(
                "Retry a dead message", tag: "webhooks",
                description: ["Gives a message delivery gave up on a new set of attempts, due now; audited as `outbox.retry`."],
                parameters: [.path("id")],
                answers: [.json(200, "The message, pending again.", .ref("OutboxDeadMessage"))],
                errors: [.notFound, .conflict, .databaseUnavailable]
            )) { _, context in
                let id = try context.numericID(of: "outbox message")
                let now = clock.now
                let audit = AuditEvent(occurredAt: now, actor: context.actor, action: "outbox.retry", subject: "outbox:\(id)")
                let message = try await store.retryDeadMessage(id: id, now: now, audit: audit)
                return try .json(Dead(id: message.id, kind: message.kind, attempts: message.attempts, lastError: message.lastError, createdAt: message.createdAt))
            },
        ]
    }

    /// A message delivery gave up on.
    struct Dead: Codable {
        var id: Int64
        var kind: String
        var attempts: Int
        var lastError: String?
        var createdAt: Date
    }

    /// Response body.
    struct Status: Codable {
        var pending: Int
        var due: Int
        var dead: Int
        var oldestPendingAt: Date?
        var deadMessages: [Dead]
    }
}
