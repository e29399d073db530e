import GRDB

extension AppDatabase {
    /// `v9-ui-tests`: job selection reports, and expected seconds per suite and step.
    static func registerUITestMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v9-ui-tests") { db in
            try db.create(table: "jobUITestReport") { t in
                t.primaryKey("jobID", .integer).references("job", onDelete: .cascade)
                t.column("report", .text).notNull()
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "uiSuiteDuration") { t in
                t.column("pipeline", .text).notNull()
                t.column("stepKey", .text).notNull()
                t.column("suite", .text).notNull()
                t.column("seconds", .double).notNull()
                t.column("samples", .integer).notNull()
                t.column("updatedAt", .datetime).notNull()
                t.primaryKey(["pipeline", "stepKey", "suite"])
            }
        }
    }
}
