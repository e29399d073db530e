import BuildMetrics
import Core
import Devices
import Foundation
import GRDB
import Logging
import PostgresNIO
import PostgresSupport
@testable import Store
@testable import StoreCopy
@testable import StorePostgres
@testable import StoreSQLite
import TestSupport
import Testing

/// `migrate-data`: a populated SQLite file copied into an empty PostgreSQL database.
@Suite("Moving data from SQLite to PostgreSQL", .enabled(if: StoreBackend.postgresURL != nil, "needs MOBILE_OPS_TEST_POSTGRES_URL (make test sets it)"))
struct SQLiteToPostgresCopyTests {
    /// Noon UTC on a fixed day; every write of the fixture is at or after it.
    static let t0 = Date(timeIntervalSince1970: 1_763_726_400)
    static let logger = Logger(label: "test.migrate-data")

    private static func audit(_ action: String) -> AuditEvent { AuditEvent(occurredAt: t0, actor: "tester", action: action, subject: "s") }

    /// A file with something in most tables: repositories, tokens (one revoked), an agent, a
    /// build of two jobs (one claimed and logging), a webhook delivery with its build, a build
    /// report, an outbox, notable events, the agent's devices.
    private static func populate(_ database: AppDatabase) async throws {
        let repository = try await database.createRepository(
            name: "acme/app", provider: .github, cloneURL: "https://example.com/acme/app.git", defaultBranch: "main",
            webhookSecret: "secret-secret-secret", audit: audit("repository.create"))
        _ = try await database.saveSecret(StoredSecret(
            repositoryID: repository.id, name: "KEYSTORE", pipeline: "release", branches: ["main", "release/*"], pullRequests: true,
            kind: .file, sealed: [1, 0, 255, 7], keyFingerprint: "0123abcd", valueFingerprint: "feedbeef", size: 4,
            createdAt: t0, createdBy: "admin", updatedAt: t0, updatedBy: "admin"), audit: audit("secret.set"))
        _ = try await database.createToken(id: "tok1", name: "ci", scopes: [.read, .write], secretHash: "h1", audit: audit("token.create"))
        _ = try await database.createToken(id: "tok2", name: "old", scopes: [.read], secretHash: "h2", audit: audit("token.create"))
        _ = try await database.revokeToken(id: "tok2", audit: audit("token.revoke"))
        let registration = try await database.createRegistrationToken(id: "reg1", name: "fleet", secretHash: "h3", audit: audit("agent_token.create"))
        let agent = try await database.registerAgent(
            AgentRegistration(name: "mac-1", tags: ["platform": "ios"], slots: 2), registrationTokenID: registration.id, tokenID: "agent1", secretHash: "h4", now: t0)
        let jobs = ["build", "test"].map { key in
            JobDraft(stepKey: key, label: key, spec: JobSpec(commands: ["echo \(key)"], requirements: AgentRequirements(["platform": ["ios"]])))
        }
        let draft = BuildDraft(repositoryID: repository.id, pipeline: "app-ci", trigger: "push", branch: "main", commitSHA: String(repeating: "a", count: 40), jobs: jobs)
        _ = try await database.createBuild(draft, audit: audit("build.create"))
        let claimed = try await #require(try database.claimNextJob(agent: agent, leaseSeconds: 600, now: t0.addingTimeInterval(5)))
        _ = try await database.startJob(id: claimed.jobID, agentID: agent.id, leaseSeconds: 600, now: t0.addingTimeInterval(6))
        _ = try await database.appendLog(jobID: claimed.jobID, agentID: agent.id, sequence: 0, content: Array("line one\n\u{1B}[31mred\u{1B}[0m\n".utf8), now: t0.addingTimeInterval(7))
        let delivery = IncomingDelivery(
            provider: .github, key: "delivery-1", event: "push", repositoryID: repository.id,
            headers: ["x-github-event": "push"], body: [0x7B, 0x00, 0xFF, 0x7D])
        _ = try await database.recordDelivery(delivery, builds: [draft]) { id, builds in
            DeliveryAnswer(status: 202, body: #"{"delivery":\#(id),"builds":\#(builds)}"#)
        }
        let report = BuildReport(
            dimensions: BuildDimensions(repository: "acme/app", platform: .ios), durationSeconds: 42.5, outcome: .success,
            tasks: [TaskRecord(name: ":a", outcome: .fromCache, cacheKind: .remote), TaskRecord(name: ":b", outcome: .executed)])
        _ = try await database.insertBuildReport(report, source: .api, waitedOn: true, now: t0.addingTimeInterval(60))
        try await database.recordNotableEvent(NotableEvent(kind: "build.failed", title: "t", summary: "s", url: "/builds/1", occurredAt: t0))
        try await database.recordDevices(agentID: agent.id, devices: [
            DeviceReport(platform: .ios, kind: .simulator, identifier: "U-1", model: "iPhone 15", osVersion: "17.0", state: .ready),
            DeviceReport(platform: .ios, kind: .physical, identifier: "00008110", state: .configured),
        ], now: t0.addingTimeInterval(8))
        _ = try await database.readmitDevice(DeviceKey(agentID: agent.id, platform: .ios, identifier: "U-1"), audit: audit("device.readmit"), now: t0.addingTimeInterval(9))
    }

    @Test("everything is copied with its ids; the stores answer on PostgreSQL as they did on SQLite; counts match; a second copy is refused")
    func copiesEverything() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("db.sqlite")
        let sqlite = try AppDatabase.open(path: path, clock: ManualClock(at: Self.t0.addingTimeInterval(120)))
        try await Self.populate(sqlite)
        let before = try await Answers.read(sqlite)
        let secretsBefore = try await sqlite.allSecrets()
        #expect(secretsBefore.count == 1)
        let sourceCounts = try await sqlite.writer.read { db in
            try Dictionary(uniqueKeysWithValues: ["repository", "apiToken", "auditEvent", "agent", "build", "job", "jobLog", "webhookDelivery", "outbox", "metricBuild", "metricTask", "metricDaily", "notableEvent", "deviceHealth"].map {
                (CopyPlan.key($0), try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \($0)") ?? -1)
            })
        }
        try sqlite.writer.close()

        let scratch = try await PostgresScratchDatabase.create()
        let counts = try await SQLiteToPostgresCopy(from: path, to: scratch.url, logger: Self.logger).run()
        for (table, rows) in sourceCounts {
            #expect(counts.first { CopyPlan.key($0.table) == table }?.rows == rows, "\(table)")
        }
        #expect(counts.map(\.table) == CopyPlan.order)

        let postgres = try await PostgresAppDatabase.open(url: scratch.url, clock: ManualClock(at: Self.t0.addingTimeInterval(120)))
        #expect(try await Answers.read(postgres) == before)
        #expect(try await postgres.allSecrets() == secretsBefore, "secrets are copied sealed, byte for byte, with their scope")
        let stored = try await postgres.read { connection in
            let body = try await connection.value("SELECT body FROM webhook_delivery", as: ByteBuffer.self, logger: postgres.logger)
            let runnable = try await connection.values("SELECT job_id FROM runnable_job", as: Int64.self, logger: postgres.logger)
            let log = try await connection.value("SELECT content FROM job_log", as: ByteBuffer.self, logger: postgres.logger)
            return (body.map { Array($0.readableBytesView) }, runnable.count, log.map { String(buffer: $0) })
        }
        #expect(stored.0 == [0x7B, 0x00, 0xFF, 0x7D], "raw bodies are copied byte for byte")
        #expect(stored.1 == 3, "the unclaimed job of the first build and both of the delivery's build are claimable")
        #expect(stored.2 == "line one\n\u{1B}[31mred\u{1B}[0m\n")
        // New rows get ids after the copied ones.
        let created = try await postgres.createRepository(
            name: "acme/new", provider: .gitlab, cloneURL: "u", defaultBranch: "main", webhookSecret: "s", audit: Self.audit("repository.create"))
        #expect(created.id == 2)
        await postgres.close()

        await #expect(throws: StoreError.self) { try await SQLiteToPostgresCopy(from: path, to: scratch.url, logger: Self.logger).run() }
        try await scratch.drop()
    }

    @Test("a copy that fails part-way leaves the target empty, and running it again succeeds")
    func failureThenRerun() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("db.sqlite")
        let sqlite = try AppDatabase.open(path: path)
        try await Self.populate(sqlite)
        try sqlite.writer.close()
        let scratch = try await PostgresScratchDatabase.create()
        let postgres = try await PostgresAppDatabase.open(url: scratch.url)
        // A trigger that refuses jobs: the copy fails after the builds went in.
        try await postgres.write { connection in
            try await connection.run("CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'disk on fire'; END $$ LANGUAGE plpgsql", logger: postgres.logger)
            try await connection.run("CREATE TRIGGER refuse_jobs BEFORE INSERT ON job FOR EACH ROW EXECUTE FUNCTION refuse()", logger: postgres.logger)
        }
        await #expect(throws: StoreError.self) { try await SQLiteToPostgresCopy(from: path, to: scratch.url, logger: Self.logger).run() }
        #expect(try await postgres.repositories().isEmpty, "the failed copy left nothing behind")
        try await postgres.write { connection in
            try await connection.run("DROP TRIGGER refuse_jobs ON job", logger: postgres.logger)
        }
        await postgres.close()
        let counts = try await SQLiteToPostgresCopy(from: path, to: scratch.url, logger: Self.logger).run()
        #expect(counts.first { $0.table == "job" }?.rows == 4)
        try await scratch.drop()
    }
}

/// What the stores both backends implement answer, for comparing before and after a copy.
private struct Answers: Equatable {
    var repositories: [Repository]
    var tokens: [APIToken]
    var audit: [AuditEvent]
    var registrationTokens: [RegistrationToken]
    var agents: [Agent]
    var events: [NotableEvent]
    var backlog: OutboxBacklog

    static func read(_ store: some RepositoryStore & TokenStore & AuditLog & AgentStore & NotableEventStore & OutboxStore) async throws -> Answers {
        Answers(
            repositories: try await store.repositories(), tokens: try await store.tokens(), audit: try await store.auditEvents(limit: 100),
            registrationTokens: try await store.registrationTokens(), agents: try await store.agents(),
            events: try await store.notableEvents(limit: 100), backlog: try await store.outboxBacklog(now: SQLiteToPostgresCopyTests.t0.addingTimeInterval(120)))
    }
}
