import GRDB

extension AppDatabase {
    /// `v5-notable-events`: the feed's source. Never edited once shipped.
    static func registerNotableEventMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v5-notable-events") { db in
            try db.create(table: "notableEvent") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("kind", .text).notNull()
                t.column("title", .text).notNull()
                t.column("summary", .text).notNull()
                t.column("url", .text)
                t.column("occurredAt", .datetime).notNull().indexed()
            }
        }
    }
}
