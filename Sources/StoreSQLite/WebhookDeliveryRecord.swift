import Foundation
import GRDB
import Store

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

    /// Every column but `id`, in `addColumnValues(to:)`'s order: the intake binds them directly
    /// (one row per delivery; see `DirectInsertRecord`).
    static let insertColumns = [
        "provider", "deliveryKey", "event", "repositoryID", "headers", "body", "receivedAt",
        "responseStatus", "responseBody",
    ]
    static let insertSQL = insertStatement(columns: insertColumns)

    func addColumnValues(to columns: inout some ColumnValueSink) {
        columns.add(provider)
        columns.add(deliveryKey)
        columns.add(event)
        columns.add(repositoryID)
        columns.add(headers)
        columns.add(body)
        columns.add(receivedAt)
        columns.add(Int64(responseStatus))
        columns.add(responseBody)
    }

    /// The same values for GRDB's updates; its `Encodable` path cost several times an insert.
    func encode(to container: inout PersistenceContainer) {
        encodeColumns(to: &container)
    }
}
