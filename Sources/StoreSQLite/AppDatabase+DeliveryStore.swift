import Core
import Foundation
import GRDB
import Store

extension AppDatabase: DeliveryStore {
    /// The answer given to an earlier delivery with this key for this repository, if there was one.
    public func deliveryAnswer(provider: GitProvider, repositoryID: Int64?, key: String) async throws(StoreError) -> DeliveryAnswer? {
        try await read { db in try Self.storedAnswer(provider: provider, repositoryID: repositoryID, key: key, in: db) }
    }

    /// Stores each delivery with its builds and jobs, all in one transaction (one commit
    /// for a whole burst), each in its own savepoint so one failure loses no other.
    public func recordDeliveries(_ deliveries: [DeliveryWrite]) async -> [Result<DeliveryAnswer, StoreError>] {
        // Writes are serialised, so the duplicate check and the insert cannot interleave
        // with a concurrent redelivery: exactly one of them creates builds.
        let now = clock.now
        return await writeEach(deliveries) { db, write in try Self.record(write, now: now, in: db) }
    }

    /// Writes one delivery, its builds and its answer (or answers the earlier delivery's).
    private static func record(_ write: DeliveryWrite, now: Date, in db: Database) throws -> DeliveryAnswer {
        let delivery = write.delivery
        if let earlier = try storedAnswer(provider: delivery.provider, repositoryID: delivery.repositoryID, key: delivery.key, in: db) {
            return earlier
        }
        var record = WebhookDeliveryRecord(
            id: nil, provider: delivery.provider.rawValue, deliveryKey: delivery.key, event: delivery.event,
            repositoryID: delivery.repositoryID, headers: write.headers,
            body: Data(delivery.body), receivedAt: now, responseStatus: 0, responseBody: ""
        )
        try record.insertDirectly(db)
        guard let deliveryID = record.id else { throw StoreError.database("delivery insert returned no id") }
        var buildIDs: [Int64] = []
        for draft in write.builds {
            let build = try insertBuild(draft, deliveryID: deliveryID, now: now, in: db)
            if let id = build.id { buildIDs.append(id) }
        }
        let response = write.answer(deliveryID, buildIDs)
        // Only the answer columns: rewriting the whole row would copy the body again.
        try db.cachedStatement(sql: "UPDATE webhookDelivery SET responseStatus = ?, responseBody = ? WHERE id = ?")
            .execute(arguments: [response.status, response.body, deliveryID])
        return response
    }

    private static func storedAnswer(provider: GitProvider, repositoryID: Int64?, key: String, in db: Database) throws -> DeliveryAnswer? {
        // A cached statement: every delivery asks this, twice. The repository is part of the
        // key: an id reused for another repository (a copied delivery, a colliding digest)
        // is another delivery, not that repository's answer. `IS` also matches a NULL.
        let statement = try db.cachedStatement(
            sql: "SELECT responseStatus, responseBody FROM webhookDelivery WHERE provider = ? AND repositoryID IS ? AND deliveryKey = ?"
        )
        return try Row.fetchOne(statement, arguments: [provider.rawValue, repositoryID, key])
            .map { DeliveryAnswer(status: $0["responseStatus"], body: $0["responseBody"], duplicate: true) }
    }
}

// MARK: - Schema
