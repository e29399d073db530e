import BuildMetrics
import Core
import Foundation
import GRDB
import Store

// MARK: - Schema

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

extension AppDatabase {
    // MARK: Retention

    /// Deletes the oldest detail builds finished before `cutoff` (their steps, tasks and
    /// tests go by cascade); rollups and regressions stay.
    public func pruneBuildReports(finishedBefore cutoff: Date, limit: Int) async throws(StoreError) -> Int {
        try await write { db in
            try db.execute(
                sql: "DELETE FROM metricBuild WHERE id IN (SELECT id FROM metricBuild WHERE finishedAt < ? ORDER BY finishedAt LIMIT ?)",
                arguments: [StoredDate(cutoff), max(1, limit)])
            return db.changesCount
        }
    }
}
