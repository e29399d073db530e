import Core
import Foundation
import MemberwiseInit

// MARK: - OutboxStore

/// The durable outbox: messages written in the same transaction as the change they announce,
/// then delivered at least once by a background service. SQLite today, PostgreSQL later.
///
/// A message is in exactly one of three conditions:
/// - **pending**: `deliveredAt IS NULL` and `attempts < OutboxMessage.maxAttempts`;
///   due when `nextAttemptAt <= now`;
/// - **delivered**: `deliveredAt` is set (also for messages skipped on purpose; `lastError`
///   then says why);
/// - **dead**: undelivered with `attempts >= OutboxMessage.maxAttempts`. It is never picked
///   again and is listed by ``deadMessages(limit:)``. The schema has no dead flag, so a
///   permanent failure raises `attempts` to the limit; `lastError` records the real attempt.
///
/// Every method runs in one transaction.
public protocol OutboxStore: Sendable {
    /// Claims up to `limit` due pending messages of the given kinds, oldest first.
    ///
    /// Claiming moves each message's `nextAttemptAt` to `now + lease`, so a second deliverer
    /// (another server) skips it, and a deliverer that dies mid-delivery only delays it.
    /// Callers settle each claimed message with ``markDelivered(_:at:)``,
    /// ``recordFailure(id:error:retryAt:)``, ``markDead(id:error:)`` or ``release(id:at:)``.
    func claimDueMessages(kinds: Set<String>, now: Date, limit: Int, lease: Duration) async throws(StoreError) -> [OutboxMessage]
    /// Marks messages delivered (one more attempt each), all in one transaction; a note
    /// records a deliberate skip.
    func markDelivered(_ messages: [DeliveredMessage], at date: Date) async throws(StoreError)
    /// Records a failed attempt: attempts + 1, `lastError`, next try at `retryAt`.
    /// Returns the updated message, which is dead when that was its last allowed attempt.
    @discardableResult
    func recordFailure(id: Int64, error: String, retryAt: Date) async throws(StoreError) -> OutboxMessage?
    /// Records a failure that retrying cannot fix: the message is dead at once.
    func markDead(id: Int64, error: String) async throws(StoreError)
    /// Gives a claimed message back without counting an attempt (e.g. at shutdown), due at `date`.
    func release(id: Int64, at date: Date) async throws(StoreError)
    /// Gives a dead message a new set of attempts, due at `now`, and records `audit`, in one
    /// transaction: a person retries it once the cause (a revoked token, a host that was down)
    /// is fixed. `lastError` stays until the next attempt. Throws `notFound` for an unknown
    /// message and `conflict` for one that is not dead (pending or delivered).
    func retryDeadMessage(id: Int64, now: Date, audit: AuditEvent) async throws(StoreError) -> OutboxMessage
    /// Dead messages, most recent first.
    func deadMessages(limit: Int) async throws(StoreError) -> [OutboxMessage]
    /// Counts of pending, due and dead messages.
    func outboxBacklog(now: Date) async throws(StoreError) -> OutboxBacklog
    /// When the earliest pending message of the given kinds becomes due, or nil when none is pending.
    func nextDueDate(kinds: Set<String>) async throws(StoreError) -> Date?
}

extension OutboxStore {
    /// Marks one message delivered; `note` records a deliberate skip.
    public func markDelivered(id: Int64, at date: Date, note: String?) async throws(StoreError) {
        try await markDelivered([DeliveredMessage(id: id, note: note)], at: date)
    }
}

// MARK: - DeliveredMessage

/// A claimed message that was delivered, or deliberately skipped (with a note saying why).
@MemberwiseInit(.public)
public struct DeliveredMessage: Sendable, Equatable {
    /// The message.
    public var id: Int64
    /// Why it was skipped rather than sent; nil when it was sent.
    public var note: String?
}

// MARK: - OutboxMessage

/// One outbox message as the delivering service and the API see it.
@MemberwiseInit(.public)
public struct OutboxMessage: Codable, Sendable, Equatable, Identifiable {
    /// Attempts after which an undelivered message is dead and no longer picked.
    public static let maxAttempts = 10

    /// Storage identifier.
    public var id: Int64
    /// What to deliver, e.g. `commit_status`; chooses the handler.
    public var kind: String
    /// JSON the handler of `kind` understands.
    public var payload: String
    /// When the change it announces happened.
    public var createdAt: Date
    /// Attempts made so far (the limit, for a message that died of a permanent failure).
    public var attempts: Int
    /// When it is (or was) next due.
    public var nextAttemptAt: Date
    /// When it was delivered, or nil.
    public var deliveredAt: Date?
    /// Why the last attempt failed, or why a delivery was skipped.
    public var lastError: String?

    /// Whether delivery was given up: undelivered after the last allowed attempt.
    public var isDead: Bool { deliveredAt == nil && attempts >= Self.maxAttempts }
}

// MARK: - OutboxBacklog

/// How much the outbox still has to do; for `/readyz`-style checks and dashboards.
@MemberwiseInit(.public)
public struct OutboxBacklog: Codable, Sendable, Equatable {
    /// Undelivered messages that will still be tried.
    public var pending: Int
    /// Of those, how many are due now.
    public var due: Int
    /// Messages given up on.
    public var dead: Int
    /// When the oldest pending message was written, or nil when none is pending.
    public var oldestPendingAt: Date?
}
