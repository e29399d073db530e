import Core
import Foundation
import GRDB
import TestSupport
import Testing
@testable import Store
@testable import StoreSQLite

/// Deliveries are unique by provider, repository and key (`v11-delivery-key-per-repository`).
@Suite("Delivery keys per repository")
struct DeliveryKeyMigrationTests {
    private static func audit() -> AuditEvent { AuditEvent(occurredAt: DateShift.now, actor: "t", action: "a", subject: "s") }

    private static func write(_ key: String, repositoryID: Int64, answer: String) throws -> DeliveryWrite {
        let delivery = IncomingDelivery(provider: .github, key: key, event: "push", repositoryID: repositoryID, headers: [:], body: Array("{}".utf8))
        let job = JobDraft(stepKey: "build", label: "Build", spec: JobSpec(commands: ["echo"], requirements: AgentRequirements([:])))
        let draft = BuildDraft(repositoryID: repositoryID, pipeline: "ci", trigger: "push", branch: "main", commitSHA: String(repeating: "b", count: 40), jobs: [job])
        return try DeliveryWrite(delivery: delivery, builds: [draft]) { _, _ in DeliveryAnswer(status: 202, body: answer) }
    }

    @Test("the same delivery id for two repositories is two deliveries, each building")
    func sameKeyTwoRepositories() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = try AppDatabase.open(path: directory.path("db.sqlite"))
        let first = try await database.createRepository(name: "acme/a", provider: .github, cloneURL: "file:///a", defaultBranch: "main", webhookSecret: "secret-secret-secret", audit: Self.audit()).id
        let second = try await database.createRepository(name: "acme/b", provider: .github, cloneURL: "file:///b", defaultBranch: "main", webhookSecret: "secret-secret-secret", audit: Self.audit()).id
        let answers = await database.recordDeliveries([try Self.write("same", repositoryID: first, answer: "a"), try Self.write("same", repositoryID: second, answer: "b")])
        #expect(try answers.map { try $0.get().duplicate } == [false, false])
        await #expect(try database.deliveryAnswer(provider: .github, repositoryID: second, key: "same")?.body == "b")
        await #expect(try database.builds(BuildFilter()).count == 2)
    }

    @Test("the migration keeps every delivery, its id and the builds pointing at it")
    func migrationKeepsRows() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("db.sqlite")
        // A database as the previous release left it: migrated up to v10, one delivery with its build.
        let queue = try DatabaseQueue(path: path)
        try AppDatabase.migrator.migrate(queue, upTo: "v10-runnable-jobs")
        let (deliveryID, buildID) = try await queue.write { db -> (Int64, Int64) in
            try db.execute(sql: """
                INSERT INTO repository (id, name, provider, cloneURL, defaultBranch, webhookSecret, createdAt)
                VALUES (1, 'acme/a', 'github', 'file:///a', 'main', 'secret', '2026-01-01 00:00:00.000')
                """)
            var record = WebhookDeliveryRecord(
                id: nil, provider: "github", deliveryKey: "old", event: "push", repositoryID: 1, headers: "{}",
                body: Data("{}".utf8), receivedAt: DateShift.now, responseStatus: 202, responseBody: "kept"
            )
            try record.insertDirectly(db)
            let deliveryID = try #require(record.id)
            // The build row as v10 knew it: today's record has columns later migrations added.
            try db.execute(sql: """
                INSERT INTO build (repositoryID, number, pipeline, state, trigger, branch, commitSHA, env, concurrencyGroup, priority, deliveryID, createdAt)
                VALUES (1, 1, 'ci', 'queued', 'push', 'main', ?, '{}', 'main', 0, ?, '2026-01-01 00:00:00.000')
                """, arguments: [String(repeating: "b", count: 40), deliveryID])
            return (deliveryID, db.lastInsertedRowID)
        }
        try queue.close()

        let database = try AppDatabase.open(path: path)
        await #expect(try database.deliveryAnswer(provider: .github, repositoryID: 1, key: "old")?.body == "kept")
        let kept = try await database.read { db in try Int64.fetchOne(db, sql: "SELECT deliveryID FROM build WHERE id = ?", arguments: [buildID]) }
        #expect(kept == deliveryID)
    }
}
