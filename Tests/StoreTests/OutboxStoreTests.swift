import Core
import Foundation
import Testing
@testable import Store

/// The outbox through `OutboxStore`, on every backend.
@Suite("The outbox in the store")
struct OutboxStoreTests {
    /// A whole second, so the store's millisecond precision loses nothing.
    static let start = Date(timeIntervalSince1970: 1_750_000_000)

    /// A store with outbox helpers bound to `start`.
    struct Outbox {
        let store: FreshStore
        var database: any OutboxStore { store.database }

        /// Inserts a message directly, `offset` seconds after `start`.
        @discardableResult
        func enqueue(_ kind: String = "commit_status", offset: TimeInterval = 0) async throws -> Int64 {
            try await store.enqueueOutbox(kind, at: start(offset))
        }

        func claim(_ kinds: Set<String> = ["commit_status"], at offset: TimeInterval = 0, limit: Int = 10) async throws -> [OutboxMessage] {
            try await database.claimDueMessages(kinds: kinds, now: start(offset), limit: limit, lease: .seconds(60))
        }

        func start(_ offset: TimeInterval) -> Date { OutboxStoreTests.start.addingTimeInterval(offset) }
    }

    private func withOutbox(_ backend: StoreBackend, _ body: (Outbox) async throws -> Void) async throws {
        try await backend.withFreshStore { store async throws in try await body(Outbox(store: store)) }
    }

    // MARK: Claiming

    @Test("claims due messages of the asked kinds, earliest due first, up to the limit, and leases them", arguments: StoreBackend.available)
    func claimsDueMessages(_ backend: StoreBackend) async throws {
        try await withOutbox(backend) { outbox in
            let first = try await outbox.enqueue()
            let second = try await outbox.enqueue(offset: 1)
            try await outbox.enqueue("chat", offset: 1)
            let later = try await outbox.enqueue(offset: 30)  // not due yet

            let claimed = try await outbox.claim(at: 2, limit: 1)
            #expect(claimed.map(\.id) == [first])
            #expect(claimed.first?.nextAttemptAt == outbox.start(62))
            // The first is leased now, so the next claim gets the second; the chat message never.
            #expect(try await outbox.claim(at: 2).map(\.id) == [second])
            #expect(try await outbox.claim(at: 2).isEmpty)
            // Once the lease runs out, an unsettled message is due again: delivery is at least once.
            // The one due since 30 s comes before the two whose leases ended at 62 s.
            #expect(try await outbox.claim(at: 63).map(\.id) == [later, first, second])
            #expect(try await outbox.claim([], at: 100).isEmpty)
        }
    }

    @Test("claimers racing over one backlog never hold a message twice, and between them claim it all", arguments: StoreBackend.available)
    func racingClaimers(_ backend: StoreBackend) async throws {
        try await withOutbox(backend) { outbox in
            for index in 0..<200 { try await outbox.enqueue(offset: Double(index % 7)) }
            let batches = try await withThrowingTaskGroup(of: [Int64].self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        var mine: [Int64] = []
                        while true {
                            let claimed = try await outbox.claim(at: 10, limit: 7)
                            if claimed.isEmpty { return mine }
                            mine += claimed.map(\.id)
                        }
                    }
                }
                return try await group.reduce(into: [[Int64]]()) { $0.append($1) }
            }
            let all = batches.flatMap { $0 }
            #expect(all.count == 200, "claimed \(all.count) times")
            #expect(Set(all).count == 200, "a message was claimed twice")
        }
    }

    // MARK: Settling

    @Test("a delivered message is never claimed again and leaves the backlog; a skip keeps its note", arguments: StoreBackend.available)
    func deliveredLeavesBacklog(_ backend: StoreBackend) async throws {
        try await withOutbox(backend) { outbox in
            let delivered = try await outbox.enqueue()
            let skipped = try await outbox.enqueue()
            _ = try await outbox.claim()
            try await outbox.database.markDelivered(id: delivered, at: outbox.start(1), note: nil)
            try await outbox.database.markDelivered(id: skipped, at: outbox.start(1), note: "skipped: no token")

            #expect(try await outbox.claim(at: 1000).isEmpty)
            #expect(try await outbox.database.outboxBacklog(now: outbox.start(1000)) == OutboxBacklog(pending: 0, due: 0, dead: 0, oldestPendingAt: nil))
            #expect(try await outbox.store.outboxSettlements().map(\.note) == ["-", "skipped: no token"])
            #expect(try await outbox.database.nextDueDate(kinds: ["commit_status"]) == nil)
        }
    }

    @Test("a batch marks each message delivered once, with its own note, and leaves the rest pending", arguments: StoreBackend.available)
    func batchDelivered(_ backend: StoreBackend) async throws {
        try await withOutbox(backend) { outbox in
            var ids: [Int64] = []
            for _ in 0..<4 { ids.append(try await outbox.enqueue()) }
            _ = try await outbox.claim()
            try await outbox.database.markDelivered(id: ids[0], at: outbox.start(1), note: nil)
            try await outbox.database.markDelivered(
                [DeliveredMessage(id: ids[0], note: "again"), DeliveredMessage(id: ids[1], note: nil), DeliveredMessage(id: ids[2], note: "skipped: superseded")],
                at: outbox.start(2))
            try await outbox.database.markDelivered([], at: outbox.start(3))

            let rows = try await outbox.store.outboxSettlements()
            // The first was already delivered: the batch does not count it twice or change its note.
            #expect(rows.map(\.attempts) == [1, 1, 1, 0])
            #expect(rows.map(\.note) == ["-", "-", "skipped: superseded", "-"])
            #expect(rows.map(\.done) == [true, true, true, false])
            #expect(try await outbox.claim(at: 1000).map(\.id) == [ids[3]])
        }
    }

    @Test("a failure counts an attempt, keeps the error and postpones the message", arguments: StoreBackend.available)
    func failurePostpones(_ backend: StoreBackend) async throws {
        try await withOutbox(backend) { outbox in
            let id = try await outbox.enqueue()
            _ = try await outbox.claim()
            let updated = try #require(try await outbox.database.recordFailure(id: id, error: "HTTP 502", retryAt: outbox.start(8)))
            #expect(updated.attempts == 1)
            #expect(updated.lastError == "HTTP 502")
            #expect(updated.isDead == false)

            #expect(try await outbox.claim(at: 7).isEmpty)
            #expect(try await outbox.database.nextDueDate(kinds: ["commit_status"]) == outbox.start(8))
            let retried = try await outbox.claim(at: 8)
            #expect(retried.map(\.id) == [id])
            #expect(retried.first?.attempts == 1)
        }
    }

    @Test("the last allowed failure makes a message dead: never claimed, listed, counted", arguments: StoreBackend.available)
    func deadAfterMaxAttempts(_ backend: StoreBackend) async throws {
        try await withOutbox(backend) { outbox in
            let id = try await outbox.enqueue()
            var last: OutboxMessage?
            for attempt in 1...OutboxMessage.maxAttempts {
                #expect(try await outbox.claim(at: Double(attempt * 10)).map(\.id) == [id])
                last = try await outbox.database.recordFailure(id: id, error: "HTTP 500 #\(attempt)", retryAt: outbox.start(Double(attempt * 10 + 1)))
            }
            #expect(last?.isDead == true)
            #expect(try await outbox.claim(at: 100_000).isEmpty)
            #expect(try await outbox.database.deadMessages(limit: 10).map(\.lastError) == ["HTTP 500 #\(OutboxMessage.maxAttempts)"])
            #expect(try await outbox.database.outboxBacklog(now: outbox.start(0)).dead == 1)
            #expect(try await outbox.database.nextDueDate(kinds: ["commit_status"]) == nil)
        }
    }

    @Test("a dead message retried is pending again, due now, with a new set of attempts and an audit record; only a dead one can be", arguments: StoreBackend.available)
    func retryDead(_ backend: StoreBackend) async throws {
        try await withOutbox(backend) { outbox in
            let dead = try await outbox.enqueue()
            let pending = try await outbox.enqueue()
            _ = try await outbox.claim()
            try await outbox.database.markDead(id: dead, error: "attempt 1: HTTP 401 Bad credentials")
            #expect(try await outbox.claim(at: 1000).map(\.id) == [pending])

            let audit = AuditEvent(occurredAt: outbox.start(2000), actor: "token:admin", action: "outbox.retry", subject: "outbox:\(dead)")
            let retried = try await outbox.database.retryDeadMessage(id: dead, now: outbox.start(2000), audit: audit)
            #expect(retried.isDead == false && retried.attempts == 0)
            #expect(retried.lastError == "attempt 1: HTTP 401 Bad credentials", "the last error stays until the next attempt")
            #expect(try await outbox.database.deadMessages(limit: 10).isEmpty)
            #expect(try await outbox.claim(at: 1999).map(\.id).contains(dead) == false, "due when retried, not before")
            #expect(try await outbox.claim(at: 2000).map(\.id).contains(dead))
            #expect(try await outbox.store.database.auditEvents(limit: 10).contains { $0.action == "outbox.retry" && $0.subject == "outbox:\(dead)" })

            await #expect(throws: StoreError.conflict("outbox message \(pending) is not dead (still pending): only a dead message is retried")) {
                try await outbox.database.retryDeadMessage(id: pending, now: outbox.start(2001), audit: audit)
            }
            await #expect(throws: StoreError.notFound("no outbox message with id 999999")) {
                try await outbox.database.retryDeadMessage(id: 999_999, now: outbox.start(2001), audit: audit)
            }
        }
    }

    @Test("a permanent failure is dead at once; a released message is due again without an attempt", arguments: StoreBackend.available)
    func markDeadAndRelease(_ backend: StoreBackend) async throws {
        try await withOutbox(backend) { outbox in
            let rejected = try await outbox.enqueue()
            let released = try await outbox.enqueue()
            _ = try await outbox.claim()
            try await outbox.database.markDead(id: rejected, error: "attempt 1: HTTP 422")
            try await outbox.database.release(id: released, at: outbox.start(1))

            let dead = try await outbox.database.deadMessages(limit: 10)
            #expect(dead.map(\.id) == [rejected])
            #expect(dead.first?.isDead == true)
            #expect(dead.first?.lastError == "attempt 1: HTTP 422")
            let again = try await outbox.claim(at: 1)
            #expect(again.map(\.id) == [released])
            #expect(again.first?.attempts == 0)
        }
    }

    // MARK: Backlog

    @Test("the backlog counts pending, due and dead messages and the oldest pending one", arguments: StoreBackend.available)
    func backlogCounts(_ backend: StoreBackend) async throws {
        try await withOutbox(backend) { outbox in
            try await outbox.enqueue(offset: 0)
            try await outbox.enqueue("chat", offset: 5)
            try await outbox.enqueue(offset: 60)
            let dead = try await outbox.enqueue(offset: 1)
            try await outbox.database.markDead(id: dead, error: "HTTP 404")

            let backlog = try await outbox.database.outboxBacklog(now: outbox.start(10))
            #expect(backlog == OutboxBacklog(pending: 3, due: 2, dead: 1, oldestPendingAt: outbox.start(0)))
            #expect(try await outbox.database.nextDueDate(kinds: ["chat"]) == outbox.start(5))
            #expect(try await outbox.database.nextDueDate(kinds: ["commit_status", "chat"]) == outbox.start(0))
            #expect(try await outbox.database.nextDueDate(kinds: []) == nil)
        }
    }
}
