import GRDB

extension AppDatabase {
    /// `v16-devices`: each agent's devices as its last poll reported them (`device`), one
    /// row per platform and identifier, gone with the agent's row. Never edited once shipped.
    static func registerDevicesMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v16-devices") { db in
            try db.create(table: "device", options: [.withoutRowID]) { t in
                t.column("agentID", .integer).notNull().references("agent", onDelete: .cascade)
                t.column("platform", .text).notNull()
                t.column("identifier", .text).notNull()
                t.column("kind", .text).notNull()
                t.column("model", .text)
                t.column("osVersion", .text)
                t.column("state", .text).notNull()
                t.column("detail", .text)
                t.column("updatedAt", .datetime).notNull()
                t.primaryKey(["agentID", "platform", "identifier"])
            }
        }
    }
}
