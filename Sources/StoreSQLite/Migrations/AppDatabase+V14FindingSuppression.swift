import GRDB

extension AppDatabase {
    /// `v14-finding-suppression`: a finding's suppression as its report gave it (`accepted`,
    /// `underReview`, or NULL for none), so a suppressed finding is stored and counted apart.
    /// Rows stored before it have none. Never edited once shipped.
    static func registerFindingSuppressionMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v14-finding-suppression") { db in
            try db.alter(table: "finding") { t in
                t.add(column: "suppression", .text)
            }
        }
    }
}
