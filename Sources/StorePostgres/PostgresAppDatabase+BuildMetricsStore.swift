import BuildMetrics
import Foundation
import NIOCore
import PostgresNIO
import Store

// MARK: - Storing reports

extension PostgresAppDatabase: BuildMetricsStore {
    /// Stores reports arriving together in one transaction (the API's group commit), each in its
    /// own savepoint, so one that fails leaves the others stored.
    ///
    /// Two servers given the same report at once (same job, or same external id): the unique
    /// index makes the second insert wait for the first transaction and then fail; its
    /// savepoint is rolled back and it answers the first one's id with `created == false`.
    public func insertBuildReports(_ reports: [BuildReportWrite]) async -> [Result<StoredReport, StoreError>] {
        do {
            return try await write { connection in
                var results: [Result<StoredReport, StoreError>] = []
                for (index, report) in reports.enumerated() {
                    let savepoint = "report_\(index)"
                    try await connection.run(PostgresQuery(unsafeSQL: "SAVEPOINT \(savepoint)"), logger: self.logger)
                    do {
                        results.append(.success(try await self.insertBuildReport(report, on: connection)))
                        try await connection.run(PostgresQuery(unsafeSQL: "RELEASE SAVEPOINT \(savepoint)"), logger: self.logger)
                    } catch {
                        try await connection.run(PostgresQuery(unsafeSQL: "ROLLBACK TO SAVEPOINT \(savepoint)"), logger: self.logger)
                        let failure = StoreError(postgres: error)
                        if case .conflict = failure, let existing = try await self.existingReport(report.report, source: report.source, on: connection) {
                            results.append(.success(StoredReport(id: existing, created: false)))
                        } else {
                            results.append(.failure(failure))
                        }
                    }
                }
                return results
            }
        } catch {
            // The commit itself failed: nothing of the batch is stored.
            return reports.map { _ in .failure(error) }
        }
    }

    /// One report, inside the caller's transaction: its row (and rollups, for a build), its
    /// steps, tasks and test summary, and its test history.
    private func insertBuildReport(_ write: BuildReportWrite, on connection: PostgresConnection) async throws -> StoredReport {
        let report = write.report
        if let existing = try await existingReport(report, source: write.source, on: connection) { return StoredReport(id: existing, created: false) }
        let row = MetricBuildRow.report(report, source: write.source, waitedOn: write.waitedOn, now: write.now)
        let id = try await insertMetricRow(row, on: connection)
        try await insertDetail(report, buildID: id, on: connection)
        try await insertTestHistory(report, reportID: id, source: write.source, finished: row.finishedAt, now: write.now, on: connection)
        return StoredReport(id: id, created: true)
    }

    /// The id of the same report stored before: same job source, or same external id.
    private func existingReport(_ report: BuildReport, source: MetricsSource, on connection: PostgresConnection) async throws -> Int64? {
        if source != .api {
            return try await connection.value(
                "SELECT id FROM metric_build WHERE source = \(source.description) AND source <> 'api'", as: Int64.self, logger: logger)
        }
        guard let external = report.id else { return nil }
        return try await connection.value(
            "SELECT id FROM metric_build WHERE repository = \(report.dimensions.repository) AND external_id = \(external)",
            as: Int64.self, logger: logger)
    }

    /// Steps, tasks and the test summary of one report. Steps and tasks go in multi-row
    /// statements: a report can carry thousands of tasks, and a round trip each would be most
    /// of the time of storing it.
    private func insertDetail(_ report: BuildReport, buildID: Int64, on connection: PostgresConnection) async throws {
        let steps = report.steps
        try await insertRows(
            into: "metric_step", columns: ["build_id", "position", "name", "duration_seconds", "outcome"], count: steps.count, on: connection
        ) { index, bindings in
            bindings.append(buildID)
            bindings.append(Int32(clamping: index))
            bindings.append(steps[index].name)
            bindings.append(steps[index].durationSeconds)
            bindings.append(steps[index].outcome.rawValue)
        }
        let tasks = report.tasks
        try await insertRows(
            into: "metric_task", columns: ["build_id", "position", "name", "target", "duration_seconds", "outcome", "cache_kind"],
            count: tasks.count, on: connection
        ) { index, bindings in
            bindings.append(buildID)
            bindings.append(Int32(clamping: index))
            bindings.append(tasks[index].name)
            bindings.append(tasks[index].target)
            bindings.append(tasks[index].durationSeconds)
            bindings.append(tasks[index].outcome.rawValue)
            bindings.append(tasks[index].cacheKind.rawValue)
        }
        if let tests = report.tests {
            try await connection.run(
                """
                INSERT INTO metric_test_summary (build_id, total, passed, failed, skipped, flaky, retried, duration_seconds, failures)
                VALUES (\(buildID), \(Int32(clamping: tests.total)), \(Int32(clamping: tests.passed)), \(Int32(clamping: tests.failed)),
                        \(Int32(clamping: tests.skipped)), \(Int32(clamping: tests.flaky)), \(Int32(clamping: tests.retried)),
                        \(tests.durationSeconds), \(MetricBuildRow.failuresText(of: tests)))
                """, logger: logger)
        }
    }

    /// Inserts `count` rows into `table` with multi-row `VALUES` lists, as many rows per
    /// statement as keep it under PostgreSQL's limit of bound parameters; `bind` appends row
    /// `index`'s values, one per column, in order.
    func insertRows(
        into table: String, columns: [String], count: Int, on connection: PostgresConnection,
        bind: (_ index: Int, _ bindings: inout PostgresBindings) -> Void
    ) async throws {
        guard count > 0, !columns.isEmpty else { return }
        // 65,535 parameters at most per statement; half of it keeps each statement's text modest.
        let perStatement = max(1, 30_000 / columns.count)
        var start = 0
        while start < count {
            let end = min(count, start + perStatement)
            var bindings = PostgresBindings(capacity: (end - start) * columns.count)
            var tuples: [String] = []
            tuples.reserveCapacity(end - start)
            for index in start..<end {
                let first = (index - start) * columns.count
                tuples.append("(" + (1...columns.count).map { "$\(first + $0)" }.joined(separator: ", ") + ")")
                bind(index, &bindings)
            }
            try await connection.run(PostgresQuery(
                unsafeSQL: "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES \(tuples.joined(separator: ", "))", binds: bindings),
                logger: logger)
            start = end
        }
    }

    // MARK: Job reports

    /// The job's build as the server knows it, if the agent holds the job.
    public func jobMetricsContext(jobID: Int64, agentID: Int64) async throws(StoreError) -> JobMetricsContext {
        let facts: JobMetricsContext.Facts? = try await read { connection in
            let rows = try await connection.boundedQuery(
                """
                SELECT j.agent_id, j.state, j.created_at, j.assigned_at, j.started_at, j.build_id, r.name, b.branch, b.pipeline, b.trigger
                FROM job j JOIN build b ON b.id = j.build_id LEFT JOIN repository r ON r.id = b.repository_id WHERE j.id = \(jobID)
                """, logger: self.logger)
            for try await (holder, state, createdAt, assignedAt, startedAt, buildID, repository, branch, pipeline, trigger)
                in rows.decode((Int64?, String, Date, Date?, Date?, Int64, String?, String?, String, String).self) {
                return JobMetricsContext.Facts(
                    holder: holder, state: state, createdAt: createdAt, assignedAt: assignedAt, startedAt: startedAt, buildID: buildID,
                    repository: repository, branch: branch, pipeline: pipeline, trigger: trigger)
            }
            return nil
        }
        guard let facts, let context = JobMetricsContext(facts, agentID: agentID) else { throw StoreError.jobNotHeld(jobID: jobID) }
        return context
    }

    // MARK: Retention

    /// Deletes the oldest detail builds finished before `cutoff`, at most `limit`; their steps,
    /// tasks, test summary and test history go by cascade. Rollups and regressions stay.
    public func pruneBuildReports(finishedBefore cutoff: Date, limit: Int) async throws(StoreError) -> Int {
        try await write { connection in
            let deleted = try await connection.value(
                """
                WITH gone AS (
                    DELETE FROM metric_build WHERE id IN (
                        SELECT id FROM metric_build WHERE finished_at < \(PostgresTime.stored(cutoff)) ORDER BY finished_at LIMIT \(Int64(max(1, limit))))
                    RETURNING 1)
                SELECT count(*) FROM gone
                """, as: Int64.self, logger: self.logger)
            return Int(deleted ?? 0)
        }
    }
}
