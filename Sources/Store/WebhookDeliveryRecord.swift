import Foundation
import GRDB

/// The `webhookDelivery` table row: a delivery exactly as received, and the answer given.
struct WebhookDeliveryRecord: Codable, FetchableRecord, StoredDateColumns, MutablePersistableRecord, Sendable {
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
