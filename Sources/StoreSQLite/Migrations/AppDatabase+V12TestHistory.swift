import GRDB

extension AppDatabase {
    /// `v12-test-history`: every test case of every report (`metricTestCase`), the run it came
    /// from with its commit, build and job (`metricTestRun`), and one row per test
    /// (`metricTest`). Never edited once shipped.
    static func registerTestHistoryMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v12-test-history") { db in
            try db.create(table: "metricTest") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("repository", .text).notNull()
                t.column("suite", .text).notNull()
                t.column("name", .text).notNull()
                // When it last flipped; a flip after a quiet month is announced again.
                t.column("lastFlakyAt", .datetime)
                t.uniqueKey(["repository", "suite", "name"])
            }
            try db.create(table: "metricTestRun") { t in
                t.primaryKey("buildID", .integer).references("metricBuild", onDelete: .cascade)
                t.column("repository", .text).notNull()
                t.column("commitSHA", .text)
                t.column("ciBuildID", .integer).indexed().references("build", onDelete: .setNull)
                t.column("jobID", .integer).indexed().references("job", onDelete: .setNull)
                t.column("finishedAt", .datetime).notNull()
                t.column("warnings", .text).notNull()
            }
            // Flip detection reads the other runs of one commit.
            try db.execute(sql: "CREATE INDEX metricTestRun_on_commit ON metricTestRun(repository, commitSHA) WHERE commitSHA IS NOT NULL")
            try db.create(table: "metricTestCase", options: [.withoutRowID]) { t in
                t.column("runID", .integer).notNull().references("metricTestRun", column: "buildID", onDelete: .cascade)
                t.column("position", .integer).notNull()
                t.column("testID", .integer).notNull().references("metricTest")
                t.column("outcome", .text).notNull()
                t.column("attempts", .integer).notNull()
                t.column("durationSeconds", .double)
                t.column("message", .text)
                t.column("file", .text)
                t.column("line", .integer)
                t.column("finishedAt", .datetime).notNull()
                t.column("flips", .integer).notNull()
                t.column("flaky", .boolean).notNull()
                t.primaryKey(["runID", "position"])
            }
            // Window reads scan by time; one test's history by test.
            try db.create(index: "metricTestCase_on_finishedAt", on: "metricTestCase", columns: ["finishedAt", "testID"])
            try db.create(index: "metricTestCase_on_test", on: "metricTestCase", columns: ["testID", "finishedAt"])
            try db.execute(sql: "CREATE INDEX metricTestCase_flaky ON metricTestCase(finishedAt) WHERE flaky")
        }
    }
}
