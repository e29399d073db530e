import BuildMetrics
import Core
import Foundation
import GRDB
import Store

// MARK: - Schema

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

    /// The per-build task counters, also summed in the rollup.
    static let taskCounterColumns = [
        "tasksExecuted", "tasksFailed", "tasksFromCache", "tasksLocalHits", "tasksRemoteHits",
        "tasksUpToDate", "tasksNoSource", "tasksSkipped",
    ]

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

// MARK: - Ingest

extension AppDatabase: BuildMetricsStore {
    /// Stores reports arriving together in one transaction (the API's group commit).
    public func insertBuildReports(_ reports: [BuildReportWrite]) async -> [Result<StoredReport, StoreError>] {
        await writeEach(reports) { db, write in
            try Self.insertBuildReport(write.report, source: write.source, waitedOn: write.waitedOn, now: write.now, in: db)
        }
    }

    /// The insert path, inside the caller's transaction (the benchmark's bulk loader reuses it).
    /// A report from the API is one build (queue and run as reported, total their sum); a
    /// job's report is stored as the breakdown of its MobileOps build.
    static func insertBuildReport(_ report: BuildReport, source: MetricsSource, waitedOn: Bool, now: Date, in db: Database) throws -> StoredReport {
        if let existing = try existingReport(report, source: source, in: db) { return StoredReport(id: existing, created: false) }
        let row = MetricBuildRow.report(report, source: source, waitedOn: waitedOn, now: now)
        let id = try row.insert(in: db)
        try insertDetail(report, buildID: id, in: db)
        try insertTestHistory(report, reportID: id, source: source, finished: row.finishedAt, now: now, in: db)
        return StoredReport(id: id, created: true)
    }

    /// The id of the same report stored before: same job source, or same external id.
    private static func existingReport(_ report: BuildReport, source: MetricsSource, in db: Database) throws -> Int64? {
        if source != .api {
            return try Int64.fetchOne(db, sql: "SELECT id FROM metricBuild WHERE source = ? AND source <> 'api'", arguments: [source.description])
        }
        guard let external = report.id else { return nil }
        return try Int64.fetchOne(
            db, sql: "SELECT id FROM metricBuild WHERE repository = ? AND externalID = ?", arguments: [report.dimensions.repository, external])
    }

    /// Steps, tasks and the test summary of one build, with cached statements.
    private static func insertDetail(_ report: BuildReport, buildID: Int64, in db: Database) throws {
        if !report.steps.isEmpty {
            let statement = try db.cachedStatement(sql: "INSERT INTO metricStep (buildID, position, name, durationSeconds, outcome) VALUES (?, ?, ?, ?, ?)")
            for (position, step) in report.steps.enumerated() {
                try statement.execute(arguments: [buildID, position, step.name, step.durationSeconds, step.outcome.rawValue])
            }
        }
        if !report.tasks.isEmpty {
            // Up to thousands of rows per report: bound directly (see SQLiteRowInserter).
            let rows = try SQLiteRowInserter(
                db, sql: "INSERT INTO metricTask (buildID, position, name, target, durationSeconds, outcome, cacheKind) VALUES (?, ?, ?, ?, ?, ?, ?)")
            for (position, task) in report.tasks.enumerated() {
                try rows.insert { row in
                    row.add(buildID)
                    row.add(Int64(position))
                    row.add(task.name)
                    row.add(task.target)
                    row.add(task.durationSeconds)
                    row.add(task.outcome.rawValue)
                    row.add(task.cacheKind.rawValue)
                }
            }
        }
        if let tests = report.tests {
            let failures = MetricBuildRow.failuresText(of: tests)
            try db.execute(
                sql: """
                    INSERT INTO metricTestSummary (buildID, total, passed, failed, skipped, flaky, retried, durationSeconds, failures)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [buildID, tests.total, tests.passed, tests.failed, tests.skipped, tests.flaky, tests.retried, tests.durationSeconds, failures])
        }
    }

    // MARK: Job reports

    /// The job's build as the server knows it, if the agent holds the job.
    public func jobMetricsContext(jobID: Int64, agentID: Int64) async throws(StoreError) -> JobMetricsContext {
        try await read { db in
            let row = try Row.fetchOne(
                db, sql: """
                    SELECT j.agentID, j.state, j.createdAt, j.assignedAt, j.startedAt, j.buildID, r.name AS repository, b.branch, b.pipeline, b.trigger
                    FROM job j JOIN build b ON b.id = j.buildID LEFT JOIN repository r ON r.id = b.repositoryID WHERE j.id = ?
                    """,
                arguments: [jobID])
            guard let row, let context = JobMetricsContext(JobMetricsContext.Facts(
                holder: row["agentID"], state: row["state"], createdAt: row[date: "createdAt"], assignedAt: row[optionalDate: "assignedAt"],
                startedAt: row[optionalDate: "startedAt"], buildID: row["buildID"], repository: row["repository"], branch: row["branch"],
                pipeline: row["pipeline"], trigger: row["trigger"]), agentID: agentID)
            else { throw StoreError.jobNotHeld(jobID: jobID) }
            return context
        }
    }
}
