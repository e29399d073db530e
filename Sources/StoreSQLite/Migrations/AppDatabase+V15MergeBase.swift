import GRDB

extension AppDatabase {
    /// `v15-merge-base`: a pull request build's merge base as an agent found it (the commit and
    /// its first parents, newest first, as a JSON array), and builds found by commit, so that
    /// its findings are compared with the build of the code it started from. Never edited once
    /// shipped.
    static func registerMergeBaseMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v15-merge-base") { db in
            try db.create(table: "buildMergeBase") { t in
                t.primaryKey("buildID", .integer).references("build", onDelete: .cascade)
                t.column("commitSHA", .text).notNull()
                t.column("firstParents", .text).notNull()
                t.column("recordedAt", .datetime).notNull()
            }
            try db.create(index: "build_on_repository_commit", on: "build", columns: ["repositoryID", "commitSHA"])
        }
    }
}
