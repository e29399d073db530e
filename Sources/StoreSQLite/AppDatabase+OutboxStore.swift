import Core
import Foundation
import GRDB
import Store

// MARK: - Claiming

extension AppDatabase: OutboxStore {
    /// Claims up to `limit` due pending messages of the given kinds, earliest due first (then
    /// oldest), leasing each until `now + lease` so nobody else picks it meanwhile.
    public func claimDueMessages(kinds: Set<String>, now: Date, limit: Int, lease: Duration) async throws(StoreError) -> [OutboxMessage] {
        guard !kinds.isEmpty, limit > 0 else { return [] }
        let leaseEnd = StoredDate(now.addingTimeInterval(Self.seconds(lease)))
        // Sorted, so a service's kinds always give the same SQL text and the statement cache
        // prepares it once; the outbox runs this query for every batch.
        let kindList = kinds.sorted()
        let placeholders = Array(repeating: "?", count: kindList.count).joined(separator: ", ")
        return try await write { db in
            // The order of `outbox_due` (due date, then rowid): SQLite walks the index and stops
            // at the limit. Ordering by id alone sorted every due message on each claim, which
            // made a backlog of thousands cost more with every pass.
            let select = try db.cachedStatement(sql: """
                SELECT * FROM outbox
                WHERE deliveredAt IS NULL AND attempts < ? AND kind IN (\(placeholders)) AND nextAttemptAt <= ?
                ORDER BY nextAttemptAt, id LIMIT ?
                """)
            var arguments: StatementArguments = [OutboxMessage.maxAttempts]
            arguments += StatementArguments(kindList)
            arguments += [StoredDate(now), min(limit, 500)]
            let claimed = try OutboxRecord.fetchAll(select, arguments: arguments).compactMap { record in
                var leased = record
                leased.nextAttemptAt = leaseEnd.date
                return leased.message
            }
            let lease = try db.cachedStatement(sql: "UPDATE outbox SET nextAttemptAt = ? WHERE id = ?")
            for message in claimed {
                try lease.execute(arguments: [leaseEnd, message.id])
            }
            return claimed
        }
    }

    // MARK: Settling a claimed message

    /// Marks messages delivered (one more attempt each) in one transaction; a note records a
    /// deliberate skip. One commit for a whole batch keeps a burst of statuses off the writer.
    public func markDelivered(_ messages: [DeliveredMessage], at date: Date) async throws(StoreError) {
        guard !messages.isEmpty else { return }
        try await write { db in
            let update = try db.cachedStatement(
                sql: "UPDATE outbox SET deliveredAt = ?, attempts = attempts + 1, lastError = ? WHERE id = ? AND deliveredAt IS NULL"
            )
            for message in messages {
                try update.execute(arguments: [StoredDate(date), message.note, message.id])
            }
        }
    }

    /// Records a failed attempt; the message is dead when that was its last allowed attempt.
    @discardableResult
    public func recordFailure(id: Int64, error: String, retryAt: Date) async throws(StoreError) -> OutboxMessage? {
        try await write { db in
            try db.execute(
                sql: "UPDATE outbox SET attempts = attempts + 1, lastError = ?, nextAttemptAt = ? WHERE id = ? AND deliveredAt IS NULL",
                arguments: [error, StoredDate(retryAt), id]
            )
            return try OutboxRecord.fetchOne(db, key: id)?.message
        }
    }

    /// Makes a message dead at once by raising its attempts to the limit (the schema has no
    /// dead flag); the caller's `error` says which attempt really failed and why.
    public func markDead(id: Int64, error: String) async throws(StoreError) {
        try await write { db in
            try db.execute(
                sql: "UPDATE outbox SET attempts = MAX(attempts + 1, ?), lastError = ? WHERE id = ? AND deliveredAt IS NULL",
                arguments: [OutboxMessage.maxAttempts, error, id]
            )
        }
    }

    /// Gives a claimed message back without counting an attempt, due at `date`.
    public func release(id: Int64, at date: Date) async throws(StoreError) {
        try await write { db in
            try db.execute(
                sql: "UPDATE outbox SET nextAttemptAt = ? WHERE id = ? AND deliveredAt IS NULL",
                arguments: [StoredDate(date), id]
            )
        }
    }

    /// Gives a dead message a new set of attempts, due at `now`, with the audit record.
    public func retryDeadMessage(id: Int64, now: Date, audit: AuditEvent) async throws(StoreError) -> OutboxMessage {
        try await write { db in
            guard let record = try OutboxRecord.fetchOne(db, key: id), let message = record.message else {
                throw StoreError.notFound("no outbox message with id \(id)")
            }
            guard message.isDead else {
                throw StoreError.conflict("outbox message \(id) is not dead (\(message.deliveredAt == nil ? "still pending" : "delivered")): only a dead message is retried")
            }
            try db.execute(sql: "UPDATE outbox SET attempts = 0, nextAttemptAt = ? WHERE id = ?", arguments: [StoredDate(now), id])
            _ = try AuditEventRecord(audit).inserted(db)
            guard let retried = try OutboxRecord.fetchOne(db, key: id)?.message else { throw StoreError.notFound("no outbox message with id \(id)") }
            return retried
        }
    }

    // MARK: Inspecting

    /// Dead messages, most recent first (at most 500).
    public func deadMessages(limit: Int) async throws(StoreError) -> [OutboxMessage] {
        try await read { db in
            try OutboxRecord
                .filter(Column("deliveredAt") == nil && Column("attempts") >= OutboxMessage.maxAttempts)
                .order(Column("id").desc)
                .limit(max(1, min(limit, 500)))
                .fetchAll(db)
                .compactMap(\.message)
        }
    }

    /// Counts of pending, due and dead messages, in one read.
    public func outboxBacklog(now: Date) async throws(StoreError) -> OutboxBacklog {
        try await read { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT
                      COALESCE(SUM(attempts < :max), 0) AS pending,
                      COALESCE(SUM(attempts < :max AND nextAttemptAt <= :now), 0) AS due,
                      COALESCE(SUM(attempts >= :max), 0) AS dead,
                      MIN(CASE WHEN attempts < :max THEN createdAt END) AS oldest
                    FROM outbox WHERE deliveredAt IS NULL
                    """,
                arguments: ["max": OutboxMessage.maxAttempts, "now": StoredDate(now)]
            )
            guard let row else { return OutboxBacklog(pending: 0, due: 0, dead: 0, oldestPendingAt: nil) }
            return OutboxBacklog(pending: row["pending"], due: row["due"], dead: row["dead"], oldestPendingAt: row[optionalDate: "oldest"])
        }
    }

    /// When the earliest pending message of the given kinds becomes due, or nil.
    public func nextDueDate(kinds: Set<String>) async throws(StoreError) -> Date? {
        guard !kinds.isEmpty else { return nil }
        return try await read { db in
            try Self.pending(kinds: kinds).select(min(Column("nextAttemptAt")), as: StoredDate.self).fetchOne(db)?.date
        }
    }

    // MARK: Helpers

    /// Undelivered, not dead, of one of `kinds`.
    private static func pending(kinds: Set<String>) -> QueryInterfaceRequest<OutboxRecord> {
        OutboxRecord.filter(
            Column("deliveredAt") == nil && Column("attempts") < OutboxMessage.maxAttempts
                && Array(kinds).contains(Column("kind"))
        )
    }

    /// A duration in (fractional) seconds, for `Date` arithmetic.
    static func seconds(_ duration: Duration) -> TimeInterval {
        let parts = duration.components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}

// MARK: - Record mapping
