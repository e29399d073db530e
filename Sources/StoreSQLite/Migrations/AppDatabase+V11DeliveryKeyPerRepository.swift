import GRDB

extension AppDatabase {
    /// `v11-delivery-key-per-repository`: a delivery is unique by provider, repository and
    /// key, not by provider and key. The old uniqueness is a table constraint SQLite cannot
    /// drop, so the table is rebuilt (foreign keys are off while GRDB migrates, so builds
    /// keep their `deliveryID`) with the same rows and ids.
    static func registerDeliveryKeyPerRepositoryMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v11-delivery-key-per-repository") { db in
            try db.create(table: "webhookDelivery_v11") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("provider", .text).notNull()
                t.column("deliveryKey", .text).notNull()
                t.column("event", .text).notNull()
                t.column("repositoryID", .integer).references("repository", onDelete: .setNull)
                t.column("headers", .text).notNull()
                t.column("body", .blob).notNull()
                t.column("receivedAt", .datetime).notNull()
                t.column("responseStatus", .integer).notNull()
                t.column("responseBody", .text).notNull()
                t.uniqueKey(["provider", "repositoryID", "deliveryKey"])
            }
            let columns = "id, provider, deliveryKey, event, repositoryID, headers, body, receivedAt, responseStatus, responseBody"
            try db.execute(sql: "INSERT INTO webhookDelivery_v11 (\(columns)) SELECT \(columns) FROM webhookDelivery")
            try db.drop(table: "webhookDelivery")
            try db.rename(table: "webhookDelivery_v11", to: "webhookDelivery")
        }
    }
}
