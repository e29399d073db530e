import GRDB
import Store

extension AppDatabase {
    /// `v6-build-metrics`: build reports (dimensions as columns), their steps, tasks and test
    /// summaries, the daily rollup, and regression state. Never edited once shipped.
    static func registerBuildMetricsMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v6-build-metrics") { db in
            try db.create(table: "metricBuild") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("source", .text).notNull()
                t.column("externalID", .text)
                t.column("repository", .text).notNull()
                for name in ["branch", "pipeline", "platform", "machine", "xcodeVersion", "gradleVersion", "environment", "buildKind"] {
                    t.column(name, .text)
                }
                t.column("buildSystem", .text).notNull()
                t.column("outcome", .text).notNull()
                t.column("startedAt", .datetime)
                t.column("finishedAt", .datetime).notNull()
                t.column("durationSeconds", .double).notNull()
                t.column("queueSeconds", .double).notNull()
                t.column("waitedOn", .boolean).notNull()
                for name in taskCounterColumns { t.column(name, .integer).notNull() }
                t.column("receivedAt", .datetime).notNull()
            }
            // Retention deletes and "newest" reads go by finish time; regression series by
            // repository + pipeline + platform over a time range.
            try db.create(index: "metricBuild_on_finishedAt", on: "metricBuild", columns: ["finishedAt"])
            try db.create(index: "metricBuild_on_series", on: "metricBuild", columns: ["repository", "pipeline", "platform", "finishedAt"])
            try db.execute(sql: """
                CREATE UNIQUE INDEX metricBuild_on_externalID ON metricBuild(repository, externalID) WHERE externalID IS NOT NULL;
                CREATE UNIQUE INDEX metricBuild_on_jobSource ON metricBuild(source) WHERE source <> 'api';
                """)
            try db.create(table: "metricStep", options: [.withoutRowID]) { t in
                t.column("buildID", .integer).notNull().references("metricBuild", onDelete: .cascade)
                t.column("position", .integer).notNull()
                t.column("name", .text).notNull()
                t.column("durationSeconds", .double).notNull()
                t.column("outcome", .text).notNull()
                t.primaryKey(["buildID", "position"])
            }
            try db.create(table: "metricTask", options: [.withoutRowID]) { t in
                t.column("buildID", .integer).notNull().references("metricBuild", onDelete: .cascade)
                t.column("position", .integer).notNull()
                t.column("name", .text).notNull()
                t.column("target", .text)
                t.column("durationSeconds", .double)
                t.column("outcome", .text).notNull()
                t.column("cacheKind", .text).notNull()
                t.primaryKey(["buildID", "position"])
            }
            try db.create(table: "metricTestSummary") { t in
                t.primaryKey("buildID", .integer).references("metricBuild", onDelete: .cascade)
                for name in ["total", "passed", "failed", "skipped", "flaky", "retried"] { t.column(name, .integer).notNull() }
                t.column("durationSeconds", .double).notNull()
                t.column("failures", .text).notNull()
            }
            try createRollupAndRegressionTables(db)
        }
    }

    private static func createRollupAndRegressionTables(_ db: Database) throws {
        // One row per UTC day and dimension combination; absent dimensions are ''. The
        // primary key starts with the day, so window reads are one range scan. Branches
        // multiply rows (every pull request has its own), so the same figures are also kept
        // without the branch, in `metricDailySeries`, for every query that does not ask by branch.
        for (table, dimensions) in [("metricDaily", RollupTable.branches.dimensions), ("metricDailySeries", RollupTable.series.dimensions)] {
            try db.create(table: table, options: [.withoutRowID]) { t in
                t.column("day", .integer).notNull()
                for name in dimensions { t.column(name, .text).notNull() }
                for name in ["count", "succeeded", "failed", "canceled", "waitedBuilds"] { t.column(name, .integer).notNull() }
                for name in ["durationSum", "queueSum", "waitedSeconds", "waitedRunSeconds"] { t.column(name, .double).notNull() }
                t.column("durationHistogram", .blob).notNull()
                t.column("queueHistogram", .blob).notNull()
                for name in taskCounterColumns { t.column(name, .integer).notNull() }
                t.primaryKey(["day"] + dimensions)
            }
        }
        try db.create(table: "metricSeries", options: [.withoutRowID]) { t in
            t.column("seriesKey", .text).notNull()
            t.column("metric", .text).notNull()
            t.column("isRegressed", .boolean).notNull()
            t.column("evaluatedAt", .datetime).notNull()
            t.primaryKey(["seriesKey", "metric"])
        }
        try db.create(table: "metricRegression") { t in
            t.autoIncrementedPrimaryKey("id")
            for name in ["seriesKey", "repository", "pipeline", "platform", "metric"] { t.column(name, .text).notNull() }
            t.column("openedDay", .integer).notNull()
            t.column("detectedAt", .datetime).notNull().indexed()
            for name in ["baselineMedian", "recentMedian", "changePercent"] { t.column(name, .double).notNull() }
            t.column("baselineSamples", .integer).notNull()
            t.column("recentSamples", .integer).notNull()
            t.column("resolvedAt", .datetime)
            t.uniqueKey(["seriesKey", "metric", "openedDay"])
        }
    }
}
