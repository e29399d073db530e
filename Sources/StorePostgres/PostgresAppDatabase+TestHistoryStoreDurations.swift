import BuildMetrics
import Foundation
import PostgresNIO
import Store

extension PostgresAppDatabase {
    // MARK: Durations

    /// The tests with the highest median in the window (``TestDurations/slowest(_:limit:)``).
    public func slowestTests(_ query: TestMetricsQuery, now: Date) async throws(StoreError) -> SlowestTestsReport {
        let windows = query.windows(now: now)
        return try await read { connection in
            let durations = try await self.durations(query, from: windows.current.start, to: windows.currentEnd, on: connection)
            let slowest = TestDurations.slowest(durations, limit: query.boundedLimit)
            let (identities, runs) = try await self.identitiesAndRuns(
                tests: slowest.map(\.testID), runs: slowest.map(\.runs.slowestRun), on: connection)
            return SlowestTestsReport(window: windows.current, tests: slowest.map { slow in
                slow.answer(test: identities[slow.testID] ?? Self.unknownTest, slowestRun: runs[slow.runs.slowestRun] ?? Self.unknownRun(slow.runs.slowestRun))
            })
        }
    }

    /// Tests whose median grew against the window before (``TestDurations/regressed(recent:older:query:limit:)``).
    public func regressedTests(_ query: TestMetricsQuery, now: Date) async throws(StoreError) -> RegressedTestsReport {
        let windows = query.windows(now: now)
        return try await read { connection in
            let recent = try await self.durations(query, from: windows.current.start, to: windows.currentEnd, on: connection)
            let older = try await self.durations(query, from: windows.previous.start, to: windows.current.start, on: connection)
            let grown = TestDurations.regressed(recent: recent, older: older, query: query, limit: query.boundedLimit)
            let (identities, runs) = try await self.identitiesAndRuns(
                tests: grown.map(\.testID), runs: grown.map(\.runs.slowestRun), on: connection)
            return query.regressedReport(windows, tests: grown.map { test in
                test.answer(test: identities[test.testID] ?? Self.unknownTest, slowestRun: runs[test.runs.slowestRun] ?? Self.unknownRun(test.runs.slowestRun))
            })
        }
    }

    /// Timed, non-skipped runs per test from `start` up to (not including) `end`, in time order
    /// (so the slowest of equally slow runs is the same as on SQLite).
    private func durations(_ query: TestMetricsQuery, from start: Date, to end: Date, on connection: PostgresConnection) async throws -> [Int64: TestDurations] {
        let rows = try await connection.boundedQuery(
            """
            SELECT c.test_id, c.duration_seconds / c.attempts, c.finished_at, c.run_id
            FROM metric_test_case c JOIN metric_test t ON t.id = c.test_id
            WHERE c.finished_at >= \(PostgresTime.stored(start)) AND c.finished_at < \(PostgresTime.stored(end))
              AND c.duration_seconds IS NOT NULL AND c.outcome <> 'skipped'
              AND (\(query.repository)::text IS NULL OR t.repository = \(query.repository))
            ORDER BY c.finished_at, c.run_id, c.position
            """, logger: logger)
        var durations: [Int64: TestDurations] = [:]
        for try await (testID, seconds, finished, runID) in rows.decode((Int64, Double, Date, Int64).self) {
            durations[testID, default: TestDurations()].add(seconds, at: finished, run: runID)
        }
        return durations
    }

    /// The identities of `tests` and the references of `runs`, two reads for a whole ranking.
    private func identitiesAndRuns(
        tests: [Int64], runs: [Int64], on connection: PostgresConnection
    ) async throws -> (identities: [Int64: TestIdentity], runs: [Int64: TestRunReference]) {
        guard !tests.isEmpty else { return ([:], [:]) }
        var identities: [Int64: TestIdentity] = [:]
        let names = try await connection.boundedQuery("SELECT id, repository, suite, name FROM metric_test WHERE id = ANY(\(tests))", logger: logger)
        for try await (id, repository, suite, name) in names.decode((Int64, String, String, String).self) {
            identities[id] = TestIdentity(repository: repository, suite: suite, name: name)
        }
        var references: [Int64: TestRunReference] = [:]
        let rows = try await connection.boundedQuery(
            "SELECT \(unescaped: Self.runColumns) FROM metric_test_run r LEFT JOIN build b ON b.id = r.ci_build_id WHERE r.build_id = ANY(\(runs))",
            logger: logger)
        for try await (reportID, buildID, number, jobID, commit, finished) in rows.decode((Int64, Int64?, Int32?, Int64?, String?, Date).self) {
            references[reportID] = TestRunReference(
                buildID: buildID, buildNumber: number.map(Int.init), jobID: jobID, reportID: reportID, commit: commit, finishedAt: finished)
        }
        return (identities, references)
    }

    /// A test whose row is gone (never, as tests are not deleted; an empty name beats a failure).
    private static let unknownTest = TestIdentity(repository: "", suite: "", name: "")

    /// A run whose row is gone, as SQLite answers it.
    private static func unknownRun(_ reportID: Int64) -> TestRunReference {
        TestRunReference(reportID: reportID, finishedAt: .distantPast)
    }
}
