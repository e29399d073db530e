import Foundation
import GRDB
import Testing
@testable import Store

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
        let now = Date()
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
}
