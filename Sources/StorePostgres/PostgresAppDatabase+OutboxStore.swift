import Core
import Foundation
import PostgresNIO
import Store

// MARK: - Claiming

extension PostgresAppDatabase: OutboxStore {
    /// Claims up to `limit` due pending messages of the given kinds, earliest due first (then
    /// oldest), leasing each until `now + lease`.
    ///
    /// `FOR UPDATE SKIP LOCKED` in the claiming transaction: servers claiming at once each take
    /// other rows, and a row one of them holds is never handed out twice.
    public func claimDueMessages(kinds: Set<String>, now: Date, limit: Int, lease: Duration) async throws(StoreError) -> [OutboxMessage] {
        guard !kinds.isEmpty, limit > 0 else { return [] }
        let parts = lease.components
        let leaseEnd = PostgresTime.stored(now.addingTimeInterval(TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18))
        let kindList = kinds.sorted(), due = PostgresTime.stored(now), count = Int64(min(limit, 500))
        return try await write { connection in
            let rows = try await connection.boundedQuery(
                """
                WITH due AS (
                    SELECT id, next_attempt_at AS was_due FROM outbox
                    WHERE delivered_at IS NULL AND attempts < \(OutboxMessage.maxAttempts) AND kind = ANY(\(kindList))
                      AND next_attempt_at <= \(due)
                    ORDER BY next_attempt_at, id LIMIT \(count)
                    FOR UPDATE SKIP LOCKED)
                UPDATE outbox SET next_attempt_at = \(leaseEnd) FROM due WHERE outbox.id = due.id
                RETURNING outbox.id, kind, payload, created_at, attempts, next_attempt_at, delivered_at, last_error, due.was_due
                """, logger: self.logger)
            // RETURNING keeps no order: put them back in the claim's (when each was due, then id).
            var claimed: [(message: OutboxMessage, wasDue: Date)] = []
            for try await row in rows {
                claimed.append((try Self.message(from: row), try row.makeRandomAccess()[8].decode(Date.self)))
            }
            return claimed.sorted { ($0.wasDue, $0.message.id) < ($1.wasDue, $1.message.id) }.map(\.message)
        }
    }

    // MARK: Settling a claimed message

    /// Marks messages delivered (one more attempt each) in one transaction; a note records a
    /// deliberate skip.
    public func markDelivered(_ messages: [DeliveredMessage], at date: Date) async throws(StoreError) {
        guard !messages.isEmpty else { return }
        let deliveredAt = PostgresTime.stored(date)
        try await write { connection in
            for message in messages {
                try await connection.run(
                    """
                    UPDATE outbox SET delivered_at = \(deliveredAt), attempts = attempts + 1, last_error = \(message.note)
                    WHERE id = \(message.id) AND delivered_at IS NULL
                    """, logger: self.logger)
            }
        }
    }

    /// Records a failed attempt; the message is dead when that was its last allowed attempt.
    @discardableResult
    public func recordFailure(id: Int64, error: String, retryAt: Date) async throws(StoreError) -> OutboxMessage? {
        try await write { connection in
            try await connection.run(
                """
                UPDATE outbox SET attempts = attempts + 1, last_error = \(error), next_attempt_at = \(PostgresTime.stored(retryAt))
                WHERE id = \(id) AND delivered_at IS NULL
                """, logger: self.logger)
            return try await Self.messages(from: connection.boundedQuery(
                "SELECT \(unescaped: Self.outboxColumns) FROM outbox WHERE id = \(id)", logger: self.logger)).first
        }
    }

    /// Makes a message dead at once by raising its attempts to the limit.
    public func markDead(id: Int64, error: String) async throws(StoreError) {
        try await write { connection in
            try await connection.run(
                """
                UPDATE outbox SET attempts = greatest(attempts + 1, \(OutboxMessage.maxAttempts)), last_error = \(error)
                WHERE id = \(id) AND delivered_at IS NULL
                """, logger: self.logger)
        }
    }

    /// Gives a claimed message back without counting an attempt, due at `date`.
    public func release(id: Int64, at date: Date) async throws(StoreError) {
        try await write { connection in
            try await connection.run(
                "UPDATE outbox SET next_attempt_at = \(PostgresTime.stored(date)) WHERE id = \(id) AND delivered_at IS NULL",
                logger: self.logger)
        }
    }

    // MARK: Inspecting

    /// Gives a dead message a new set of attempts, due at `now`, with the audit record.
    public func retryDeadMessage(id: Int64, now: Date, audit: AuditEvent) async throws(StoreError) -> OutboxMessage {
        try await write { connection in
            let select: PostgresQuery = "SELECT \(unescaped: Self.outboxColumns) FROM outbox WHERE id = \(id) FOR UPDATE"
            guard let message = try await Self.messages(from: connection.boundedQuery(select, logger: self.logger)).first else {
                throw StoreError.notFound("no outbox message with id \(id)")
            }
            guard message.isDead else {
                throw StoreError.conflict("outbox message \(id) is not dead (\(message.deliveredAt == nil ? "still pending" : "delivered")): only a dead message is retried")
            }
            try await connection.run(
                "UPDATE outbox SET attempts = 0, next_attempt_at = \(PostgresTime.stored(now)) WHERE id = \(id)", logger: self.logger)
            try await self.insertAudit(audit, on: connection)
            guard let retried = try await Self.messages(from: connection.boundedQuery(
                "SELECT \(unescaped: Self.outboxColumns) FROM outbox WHERE id = \(id)", logger: self.logger)).first
            else { throw StoreError.notFound("no outbox message with id \(id)") }
            return retried
        }
    }

    /// Dead messages, most recent first (at most 500).
    public func deadMessages(limit: Int) async throws(StoreError) -> [OutboxMessage] {
        try await read { connection in
            try await Self.messages(from: connection.boundedQuery(
                """
                SELECT \(unescaped: Self.outboxColumns) FROM outbox
                WHERE delivered_at IS NULL AND attempts >= \(OutboxMessage.maxAttempts)
                ORDER BY id DESC LIMIT \(Int64(max(1, min(limit, 500))))
                """, logger: self.logger))
        }
    }

    /// Counts of pending, due and dead messages, in one read.
    public func outboxBacklog(now: Date) async throws(StoreError) -> OutboxBacklog {
        let max = OutboxMessage.maxAttempts
        return try await read { connection in
            let rows = try await connection.boundedQuery(
                """
                SELECT count(*) FILTER (WHERE attempts < \(max)),
                       count(*) FILTER (WHERE attempts < \(max) AND next_attempt_at <= \(PostgresTime.stored(now))),
                       count(*) FILTER (WHERE attempts >= \(max)),
                       min(created_at) FILTER (WHERE attempts < \(max))
                FROM outbox WHERE delivered_at IS NULL
                """, logger: self.logger)
            for try await (pending, due, dead, oldest) in rows.decode((Int64, Int64, Int64, Date?).self) {
                return OutboxBacklog(pending: Int(pending), due: Int(due), dead: Int(dead), oldestPendingAt: oldest)
            }
            return OutboxBacklog(pending: 0, due: 0, dead: 0, oldestPendingAt: nil)
        }
    }

    /// When the earliest pending message of the given kinds becomes due, or nil.
    public func nextDueDate(kinds: Set<String>) async throws(StoreError) -> Date? {
        guard !kinds.isEmpty else { return nil }
        let kindList = kinds.sorted()
        return try await read { connection in
            try await connection.value(
                """
                SELECT min(next_attempt_at) FROM outbox
                WHERE delivered_at IS NULL AND attempts < \(OutboxMessage.maxAttempts) AND kind = ANY(\(kindList))
                """, as: Date?.self, logger: self.logger) ?? nil
        }
    }

    // MARK: Writing and reading rows

    /// Adds a message, due now, on `connection` inside the caller's transaction: it is stored
    /// with the change it announces or not at all.
    @discardableResult
    func enqueueOutbox(kind: String, payload: String, at now: Date, on connection: PostgresConnection) async throws -> Int64 {
        let at = PostgresTime.stored(now)
        let id = try await connection.value(
            """
            INSERT INTO outbox (kind, payload, created_at, attempts, next_attempt_at)
            VALUES (\(kind), \(payload), \(at), 0, \(at)) RETURNING id
            """, as: Int64.self, logger: logger)
        guard let id else { throw StoreError.database("outbox insert returned no id") }
        return id
    }

    /// The columns `messages(from:)` reads, in its order.
    private static let outboxColumns = "id, kind, payload, created_at, attempts, next_attempt_at, delivered_at, last_error"

    private static func messages(from rows: PostgresRowSequence) async throws -> [OutboxMessage] {
        var messages: [OutboxMessage] = []
        for try await row in rows { messages.append(try message(from: row)) }
        return messages
    }

    /// One message from a row that starts with `outboxColumns`.
    private static func message(from row: PostgresRow) throws -> OutboxMessage {
        let columns = row.makeRandomAccess()
        return OutboxMessage(
            id: try columns[0].decode(Int64.self), kind: try columns[1].decode(String.self), payload: try columns[2].decode(String.self),
            createdAt: try columns[3].decode(Date.self), attempts: Int(try columns[4].decode(Int32.self)),
            nextAttemptAt: try columns[5].decode(Date.self), deliveredAt: try columns[6].decode(Date?.self),
            lastError: try columns[7].decode(String?.self))
    }
}
