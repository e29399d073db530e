import GRDB

extension AppDatabase {
    /// `v4-artifacts`: what jobs uploaded. Never edited once shipped.
    static func registerArtifactMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v4-artifacts") { db in
            try db.create(table: "artifact") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("jobID", .integer).notNull().references("job", onDelete: .cascade)
                t.column("path", .text).notNull()
                t.column("size", .integer).notNull()
                t.column("sha256", .text).notNull()
                // The file's name in the server's artifact folder (not the user's path).
                t.column("storedAs", .text).notNull()
                t.column("createdAt", .datetime).notNull()
                t.uniqueKey(["jobID", "path"])
            }
        }
    }
}
