import Foundation
import GRDB
import TestSupport
import Testing
@testable import Store
@testable import StoreSQLite

/// The records written on the intake's hot path encode their columns by hand; this keeps
/// each list equal to its table's columns, so a column added by a migration cannot be
/// silently left out of inserts and updates.
@Suite("Hand-written record columns")
struct RecordColumnsTests {
    @Test("build, job, outbox and webhook delivery records name exactly their table's columns")
    func columnsMatchTables() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = try AppDatabase.open(path: directory.path("db.sqlite"))
        let now = DateShift.now
        let build = BuildRecord(
            id: 1, repositoryID: nil, number: 1, pipeline: "p", state: "pending", trigger: "push", branch: "main", tag: nil,
            commitSHA: "abc", pullRequest: nil, message: nil, author: nil, env: "{}", concurrencyGroup: nil, priority: 0,
            deliveryID: nil, cancelReason: nil, createdAt: now, startedAt: nil, finishedAt: nil
        )
        let job = JobRecord(
            id: 1, buildID: 1, stepKey: "s", label: "S", shardIndex: 0, shardCount: 1, attempt: 1, supersededBy: nil, state: "pending",
            plan: "{}", requirementsKey: "{}", priority: 0, concurrencyGroup: nil, pendingReason: nil, waitingForSteps: false, agentID: nil,
            leaseExpiresAt: nil, cancelRequested: false, exitStatus: nil, createdAt: now, assignedAt: nil, startedAt: nil, finishedAt: nil
        )
        let outbox = OutboxRecord(kind: "k", payload: "{}", at: now)
        let delivery = WebhookDeliveryRecord(
            id: 1, provider: "github", deliveryKey: "d", event: "push", repositoryID: nil, headers: "{}", body: Data(),
            receivedAt: now, responseStatus: 202, responseBody: "{}"
        )
        let encoded: [(String, [String: DatabaseValue])] = [
            ("build", try build.databaseDictionary), ("job", try job.databaseDictionary),
            ("outbox", try outbox.databaseDictionary), ("webhookDelivery", try delivery.databaseDictionary),
        ]
        for (table, dictionary) in encoded {
            let columns = try database.writer.read { db in try db.columns(in: table).map(\.name) }
            #expect(Set(dictionary.keys) == Set(columns), "\(table)")
        }
    }

    @Test("the intake's direct inserts name every column but id, and each row reads back as the record it was")
    func directInsertsRoundTrip() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = try AppDatabase.open(path: directory.path("db.sqlite"))
        let now = Date(timeIntervalSince1970: 1_795_000_000.125)
        for (table, columns) in [
            ("build", BuildRecord.insertColumns), ("job", JobRecord.insertColumns),
            ("outbox", OutboxRecord.insertColumns), ("webhookDelivery", WebhookDeliveryRecord.insertColumns),
        ] {
            let tableColumns = try database.writer.read { db in try db.columns(in: table).map(\.name) }
            #expect(columns.count == Set(columns).count, "\(table)")
            #expect(Set(columns) == Set(tableColumns).subtracting(["id"]), "\(table)")
        }
        // Every optional filled where the schema allows, so two swapped values cannot cancel out.
        var delivery = WebhookDeliveryRecord(
            id: nil, provider: "github", deliveryKey: "key-1", event: "push", repositoryID: nil, headers: #"{"a":"b"}"#,
            body: Data([0, 1, 2, 255]), receivedAt: now, responseStatus: 202, responseBody: #"{"delivery":1}"#)
        var build = BuildRecord(
            id: nil, repositoryID: nil, number: 7, pipeline: "ios", state: "pending", trigger: "push", branch: "main", tag: "v1",
            commitSHA: "abc123", pullRequest: 42, message: "Fix ✓", author: "Zoë", env: #"{"X":"1"}"#, concurrencyGroup: "g",
            priority: 3, deliveryID: nil, cancelReason: "why", createdAt: now, startedAt: now.addingTimeInterval(1),
            finishedAt: now.addingTimeInterval(2), pullRequestOrigin: "fork")
        var job = JobRecord(
            id: nil, buildID: 0, stepKey: "test", label: "Test", shardIndex: 1, shardCount: 2, attempt: 3, supersededBy: nil,
            state: "pending", plan: #"{"commands":[]}"#, requirementsKey: #"{"platform":"ios"}"#, priority: 4,
            concurrencyGroup: "g2", pendingReason: "queued", waitingForSteps: true, agentID: nil,
            leaseExpiresAt: now.addingTimeInterval(3), cancelRequested: true, exitStatus: -1, createdAt: now,
            assignedAt: now.addingTimeInterval(4), startedAt: now.addingTimeInterval(5), finishedAt: now.addingTimeInterval(6))
        var outbox = OutboxRecord(kind: "commit_status", payload: "{}", at: now)
        outbox.attempts = 2
        outbox.deliveredAt = now.addingTimeInterval(7)
        outbox.lastError = "boom"
        try database.writer.write { db in
            try delivery.insertDirectly(db)
            build.deliveryID = delivery.id
            try build.insertDirectly(db)
            job.buildID = try #require(build.id)
            try job.insertDirectly(db)
            try outbox.insertDirectly(db)
        }
        let stored = try database.writer.read { db in
            [
                try WebhookDeliveryRecord.fetchOne(db, key: delivery.id)?.databaseDictionary,
                try BuildRecord.fetchOne(db, key: build.id)?.databaseDictionary,
                try JobRecord.fetchOne(db, key: job.id)?.databaseDictionary,
                try OutboxRecord.fetchOne(db, key: outbox.id)?.databaseDictionary,
            ]
        }
        let inserted = [
            try delivery.databaseDictionary, try build.databaseDictionary, try job.databaseDictionary, try outbox.databaseDictionary,
        ]
        #expect(stored == inserted)
    }

    @Test("a direct insert that breaks a constraint throws SQLite's error and leaves the cached statement usable")
    func directInsertFailure() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = try AppDatabase.open(path: directory.path("db.sqlite"))
        var job = JobRecord(
            id: nil, buildID: 999, stepKey: "s", label: "S", shardIndex: 0, shardCount: 1, attempt: 1, supersededBy: nil,
            state: "pending", plan: "{}", requirementsKey: "{}", priority: 0, concurrencyGroup: nil, pendingReason: nil,
            waitingForSteps: false, agentID: nil, leaseExpiresAt: nil, cancelRequested: false, exitStatus: nil, createdAt: DateShift.now,
            assignedAt: nil, startedAt: nil, finishedAt: nil)
        #expect(throws: DatabaseError.self) {
            try database.writer.write { db in try job.insertDirectly(db) }
        }
        var outbox = OutboxRecord(kind: "k", payload: "{}", at: DateShift.now)
        try database.writer.write { db in try outbox.insertDirectly(db) }
        #expect(outbox.id != nil)
    }
}
