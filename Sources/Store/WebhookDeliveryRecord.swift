import Foundation
import GRDB

/// The `webhookDelivery` table row: a delivery exactly as received, and the answer given.
struct WebhookDeliveryRecord: Codable, FetchableRecord, StoredDateColumns, DirectInsertRecord, Sendable {
    static let databaseTableName = "webhookDelivery"

    var id: Int64?
    var provider: String
    /// The provider's delivery id (GitHub `X-GitHub-Delivery`, GitLab `Idempotency-Key`, …).
    var deliveryKey: String
    var event: String
    var repositoryID: Int64?
    /// JSON object of the request headers.
    var headers: String
    /// The raw body, byte for byte (signatures are over these bytes).
    var body: Data
    var receivedAt: Date
    /// The first answer, replayed to redeliveries.
    var responseStatus: Int
    var responseBody: String

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// Every column but `id`, bound directly by the intake (one row per delivery; see `DirectInsertRecord`).
    static let insertColumns = ["provider", "deliveryKey", "event", "repositoryID", "headers", "body", "receivedAt", "responseStatus", "responseBody"]
    static let insertSQL = insertStatement(columns: insertColumns)

    func bindInsert(_ row: inout SQLiteRowValues) {
        row.add(provider)
        row.add(deliveryKey)
        row.add(event)
        row.add(repositoryID)
        row.add(headers)
        row.add(body)
        row.add(receivedAt)
        row.add(Int64(responseStatus))
        row.add(responseBody)
    }

    /// Every column by hand (see `JobRecord`): one row per delivery.
    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["provider"] = provider
        container["deliveryKey"] = deliveryKey
        container["event"] = event
        container["repositoryID"] = repositoryID
        container["headers"] = headers
        container["body"] = body
        container["receivedAt"] = StoredDate(receivedAt)
        container["responseStatus"] = responseStatus
        container["responseBody"] = responseBody
    }
}
