import Core
import Foundation
import GRDB
import Testing
@testable import Store

@Suite("The outbox in the store")
struct OutboxStoreTests {
    let directory: TemporaryDirectory
    let database: AppDatabase
    /// A whole second, so the store's millisecond precision loses nothing.
    let start = Date(timeIntervalSince1970: 1_750_000_000)

    init() throws {
        directory = try TemporaryDirectory()
        database = try AppDatabase.open(path: directory.path("db.sqlite"))
    }

    // MARK: Fixtures

    /// Inserts a message directly, `offset` seconds after `start`.
    @discardableResult
    private func enqueue(_ kind: String = "commit_status", payload: String = "{}", offset: TimeInterval = 0) throws -> Int64 {
        try database.writer.write { db in
            var record = OutboxRecord(kind: kind, payload: payload, at: start.addingTimeInterval(offset))
            try record.insert(db)
            return record.id ?? -1
        }
    }

    private func claim(_ kinds: Set<String> = ["commit_status"], at offset: TimeInterval = 0, limit: Int = 10) throws -> [OutboxMessage] {
        try database.claimDueMessages(kinds: kinds, now: start.addingTimeInterval(offset), limit: limit, lease: .seconds(60))
    }

    // MARK: Claiming

    @Test("claims due messages of the asked kinds, earliest due first, up to the limit, and leases them")
    func claimsDueMessages() throws {
        defer { directory.remove() }
        let first = try enqueue()
        let second = try enqueue(offset: 1)
        try enqueue("chat", offset: 1)
        let later = try enqueue(offset: 30)  // not due yet

        let claimed = try claim(at: 2, limit: 1)
        #expect(claimed.map(\.id) == [first])
        #expect(claimed.first?.nextAttemptAt == start.addingTimeInterval(62))
        // The first is leased now, so the next claim gets the second; the chat message never.
        #expect(try claim(at: 2).map(\.id) == [second])
        #expect(try claim(at: 2).isEmpty)
        // Once the lease runs out, an unsettled message is due again: delivery is at least once.
        // The one due since 30 s comes before the two whose leases ended at 62 s.
        #expect(try claim(at: 63).map(\.id) == [later, first, second])
        #expect(try claim([], at: 100).isEmpty)
    }

    @Test("a build created through the real code path enqueues a decodable commit status")
    func buildEnqueuesCommitStatus() throws {
        defer { directory.remove() }
        let repository = try database.createRepository(
            name: "acme/ios-app", provider: .github, cloneURL: "https://example.com/a.git", defaultBranch: "main",
            webhookSecret: "secret", audit: AuditEvent(occurredAt: start, actor: "tester", action: "repository.create", subject: "repository")
        )
        let draft = BuildDraft(
            repositoryID: repository.id, pipeline: "ios-pr", trigger: "manual", branch: "main", commitSHA: "abc1234abc1234abc1234abc1234abc1234abc12",
            jobs: [JobDraft(stepKey: "build", label: "Build", spec: JobSpec(commands: ["true"]))]
        )
        let build = try database.createBuild(draft, audit: AuditEvent(occurredAt: start, actor: "tester", action: "build.create", subject: "build"))

        let claimed = try claim()
        #expect(claimed.count == 1)
        let payload = try JSONDecoder().decode(CommitStatusPayload.self, from: Data(try #require(claimed.first).payload.utf8))
        #expect(payload == CommitStatusPayload(
            buildID: build.id, repositoryID: repository.id, number: 1, pipeline: "ios-pr", commitSHA: "abc1234abc1234abc1234abc1234abc1234abc12", state: "pending"
        ))
    }

    @Test("the commit-status text decodes back to the payload, whatever the pipeline is called")
    func commitStatusTextRoundTrips() throws {
        defer { directory.remove() }
        for pipeline in ["ios-pr", "Nightly \"main\" / release", "back\\slash\ttab", "café 🚀", ""] {
            let payload = CommitStatusPayload(
                buildID: 3_000_000_001, repositoryID: 7, number: 42, pipeline: pipeline,
                commitSHA: "abc1234abc1234abc1234abc1234abc1234abc12", state: "running"
            )
            #expect(try JSONDecoder().decode(CommitStatusPayload.self, from: Data(payload.jsonText.utf8)) == payload)
        }
    }

    // MARK: Settling

    @Test("a delivered message is never claimed again and leaves the backlog; a skip keeps its note")
    func deliveredLeavesBacklog() async throws {
        defer { directory.remove() }
        let delivered = try enqueue()
        let skipped = try enqueue()
        _ = try claim()
        try await database.markDelivered(id: delivered, at: start.addingTimeInterval(1), note: nil)
        try await database.markDelivered(id: skipped, at: start.addingTimeInterval(1), note: "skipped: no token")

        #expect(try claim(at: 1000).isEmpty)
        #expect(try database.outboxBacklog(now: start.addingTimeInterval(1000)) == OutboxBacklog(pending: 0, due: 0, dead: 0, oldestPendingAt: nil))
        let notes = try await database.writer.read { db in try String.fetchAll(db, sql: "SELECT COALESCE(lastError, '-') FROM outbox ORDER BY id") }
        #expect(notes == ["-", "skipped: no token"])
        #expect(try database.nextDueDate(kinds: ["commit_status"]) == nil)
    }


    @Test("a batch marks each message delivered once, with its own note, and leaves the rest pending")
    func batchDelivered() async throws {
        defer { directory.remove() }
        let ids = try (0..<4).map { _ in try enqueue() }
        _ = try claim()
        try await database.markDelivered(id: ids[0], at: start.addingTimeInterval(1), note: nil)
        try database.markDelivered(
            [DeliveredMessage(id: ids[0], note: "again"), DeliveredMessage(id: ids[1], note: nil), DeliveredMessage(id: ids[2], note: "skipped: superseded")],
            at: start.addingTimeInterval(2)
        )
        try database.markDelivered([], at: start.addingTimeInterval(3))

        let rows = try database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT attempts, COALESCE(lastError, '-') AS note, deliveredAt IS NOT NULL AS done FROM outbox ORDER BY id")
        }
        // The first was already delivered: the batch does not count it twice or change its note.
        #expect(rows.map { $0["attempts"] as Int } == [1, 1, 1, 0])
        #expect(rows.map { $0["note"] as String } == ["-", "-", "skipped: superseded", "-"])
        #expect(rows.map { $0["done"] as Bool } == [true, true, true, false])
        #expect(try claim(at: 1000).map(\.id) == [ids[3]])
    }
    @Test("a failure counts an attempt, keeps the error and postpones the message")
    func failurePostpones() throws {
        defer { directory.remove() }
        let id = try enqueue()
        _ = try claim()
        let updated = try #require(try database.recordFailure(id: id, error: "HTTP 502", retryAt: start.addingTimeInterval(8)))
        #expect(updated.attempts == 1)
        #expect(updated.lastError == "HTTP 502")
        #expect(updated.isDead == false)

        #expect(try claim(at: 7).isEmpty)
        #expect(try database.nextDueDate(kinds: ["commit_status"]) == start.addingTimeInterval(8))
        let retried = try claim(at: 8)
        #expect(retried.map(\.id) == [id])
        #expect(retried.first?.attempts == 1)
    }

    @Test("the last allowed failure makes a message dead: never claimed, listed, counted")
    func deadAfterMaxAttempts() throws {
        defer { directory.remove() }
        let id = try enqueue()
        var last: OutboxMessage?
        for attempt in 1...OutboxMessage.maxAttempts {
            #expect(try claim(at: Double(attempt * 10)).map(\.id) == [id])
            last = try database.recordFailure(id: id, error: "HTTP 500 #\(attempt)", retryAt: start.addingTimeInterval(Double(attempt * 10 + 1)))
        }
        #expect(last?.isDead == true)
        #expect(try claim(at: 100_000).isEmpty)
        #expect(try database.deadMessages(limit: 10).map(\.lastError) == ["HTTP 500 #\(OutboxMessage.maxAttempts)"])
        #expect(try database.outboxBacklog(now: start).dead == 1)
        #expect(try database.nextDueDate(kinds: ["commit_status"]) == nil)
    }

    @Test("a permanent failure is dead at once; a released message is due again without an attempt")
    func markDeadAndRelease() throws {
        defer { directory.remove() }
        let rejected = try enqueue()
        let released = try enqueue()
        _ = try claim()
        try database.markDead(id: rejected, error: "attempt 1: HTTP 422")
        try database.release(id: released, at: start.addingTimeInterval(1))

        let dead = try database.deadMessages(limit: 10)
        #expect(dead.map(\.id) == [rejected])
        #expect(dead.first?.isDead == true)
        #expect(dead.first?.lastError == "attempt 1: HTTP 422")
        let again = try claim(at: 1)
        #expect(again.map(\.id) == [released])
        #expect(again.first?.attempts == 0)
    }

    // MARK: Backlog

    @Test("the backlog counts pending, due and dead messages and the oldest pending one")
    func backlogCounts() throws {
        defer { directory.remove() }
        try enqueue(offset: 0)
        try enqueue("chat", offset: 5)
        try enqueue(offset: 60)
        let dead = try enqueue(offset: 1)
        try database.markDead(id: dead, error: "HTTP 404")

        let backlog = try database.outboxBacklog(now: start.addingTimeInterval(10))
        #expect(backlog == OutboxBacklog(pending: 3, due: 2, dead: 1, oldestPendingAt: start))
        #expect(try database.nextDueDate(kinds: ["chat"]) == start.addingTimeInterval(5))
        #expect(try database.nextDueDate(kinds: ["commit_status", "chat"]) == start)
        #expect(try database.nextDueDate(kinds: []) == nil)
    }
}
