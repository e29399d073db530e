import GRDB

extension AppDatabase {
    /// `v13-findings`: analysers' findings per build and report. Never edited once shipped.
    static func registerFindingsMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v13-findings") { db in
            try db.create(table: "finding") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("buildID", .integer).notNull().references("build", onDelete: .cascade)
                t.column("source", .text).notNull()
                t.column("tool", .text).notNull()
                t.column("ruleID", .text).notNull()
                t.column("level", .text).notNull()
                t.column("message", .text).notNull()
                t.column("path", .text)
                t.column("line", .integer)
                t.column("fingerprint", .text).notNull()
                t.column("storedAt", .datetime).notNull()
            }
            try db.create(index: "finding_on_build_source", on: "finding", columns: ["buildID", "source"])
        }
    }
}
