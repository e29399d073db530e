import GRDB

extension AppDatabase {
    /// `v1-foundation`: repositories, API tokens and the audit log. Never edited once shipped.
    static func registerFoundationMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v1-foundation") { db in
            try db.create(table: "repository") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("name", .text).notNull().unique().collate(.nocase)
                t.column("provider", .text).notNull()
                t.column("cloneURL", .text).notNull()
                t.column("defaultBranch", .text).notNull()
                t.column("webhookSecret", .text).notNull()
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "apiToken") { t in
                t.primaryKey("id", .text)
                t.column("name", .text).notNull()
                t.column("scopes", .text).notNull()
                t.column("secretHash", .text).notNull()
                t.column("isBootstrap", .boolean).notNull().defaults(to: false)
                t.column("createdAt", .datetime).notNull()
                t.column("revokedAt", .datetime)
            }
            try db.create(table: "auditEvent") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("occurredAt", .datetime).notNull().indexed()
                t.column("actor", .text).notNull()
                t.column("action", .text).notNull()
                t.column("subject", .text).notNull()
                t.column("detail", .text)
            }
        }
    }
}
