import GRDB

extension AppDatabase {
    /// `v8-operations`: finished builds by time, for the scrape's duration histogram.
    static func registerOperationsMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v8-operations") { db in
            try db.create(index: "build_on_finishedAt", on: "build", columns: ["finishedAt"], condition: Column("finishedAt") != nil)
        }
    }
}
