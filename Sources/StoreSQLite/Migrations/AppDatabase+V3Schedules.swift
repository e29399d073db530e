import GRDB

extension AppDatabase {
    /// `v3-schedules`: one cursor per scheduled pipeline and repository. Never edited once shipped.
    static func registerScheduleMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v3-schedules") { db in
            try db.create(table: "scheduleCursor") { t in
                t.column("pipeline", .text).notNull()
                // The repository's name, or "" for a pipeline that runs with no repository.
                t.column("repository", .text).notNull()
                // Occurrences at or before this time have been handled.
                t.column("handledThrough", .datetime).notNull()
                t.column("lastBuildID", .integer)
                t.primaryKey(["pipeline", "repository"])
            }
        }
    }
}
