import Core
import Foundation
import GRDB

extension AppDatabase: DeliveryStore {
    /// The answer given to an earlier delivery with this key, if there was one.
    public func deliveryAnswer(provider: GitProvider, key: String) throws(StoreError) -> DeliveryAnswer? {
        try read { db in try Self.storedAnswer(provider: provider, key: key, in: db) }
    }

    /// Stores the delivery, its builds and their jobs in one transaction.
    public func recordDelivery(
        _ delivery: IncomingDelivery, builds: [BuildDraft],
        answer: @Sendable (_ deliveryID: Int64, _ buildIDs: [Int64]) -> DeliveryAnswer
    ) throws(StoreError) -> DeliveryAnswer {
        try write { db in
            // Writes are serialised, so this check and the insert below cannot interleave
            // with a concurrent redelivery: exactly one of them creates builds.
            if let earlier = try Self.storedAnswer(provider: delivery.provider, key: delivery.key, in: db) {
                return earlier
            }
            let now = Date()
            var record = WebhookDeliveryRecord(
                id: nil, provider: delivery.provider.rawValue, deliveryKey: delivery.key, event: delivery.event,
                repositoryID: delivery.repositoryID, headers: try Self.encodeJSON(delivery.headers),
                body: Data(delivery.body), receivedAt: now, responseStatus: 0, responseBody: ""
            )
            try record.insert(db)
            guard let deliveryID = record.id else { throw StoreError.database("delivery insert returned no id") }
            var buildIDs: [Int64] = []
            for draft in builds {
                let build = try Self.insertBuild(draft, deliveryID: deliveryID, now: now, in: db)
                if let id = build.id { buildIDs.append(id) }
            }
            let response = answer(deliveryID, buildIDs)
            // Only the answer columns: rewriting the whole row would copy the body again.
            try db.cachedStatement(sql: "UPDATE webhookDelivery SET responseStatus = ?, responseBody = ? WHERE id = ?")
                .execute(arguments: [response.status, response.body, deliveryID])
            return response
        }
    }

    private static func storedAnswer(provider: GitProvider, key: String, in db: Database) throws -> DeliveryAnswer? {
        // A cached statement: every delivery asks this, twice.
        let statement = try db.cachedStatement(sql: "SELECT responseStatus, responseBody FROM webhookDelivery WHERE provider = ? AND deliveryKey = ?")
        return try Row.fetchOne(statement, arguments: [provider.rawValue, key])
            .map { DeliveryAnswer(status: $0["responseStatus"], body: $0["responseBody"], duplicate: true) }
    }
}
