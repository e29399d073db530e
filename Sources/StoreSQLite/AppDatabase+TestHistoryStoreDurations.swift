import BuildMetrics
import Foundation
import GRDB
import Store

// MARK: - Test durations

extension AppDatabase {
    /// The tests with the highest median in the window (``TestDurations/slowest(_:limit:)``).
    public func slowestTests(_ query: TestMetricsQuery, now: Date) async throws(StoreError) -> SlowestTestsReport {
        try await read { db in
            let windows = query.windows(now: now)
            let durations = try Self.durations(query, from: windows.current.start, to: windows.currentEnd, in: db)
            let tests = try TestDurations.slowest(durations, limit: query.boundedLimit).map { slow in
                slow.answer(test: try Self.identity(slow.testID, in: db), slowestRun: try Self.run(slow.runs.slowestRun, in: db))
            }
            return SlowestTestsReport(window: windows.current, tests: tests)
        }
    }

    /// Tests whose median grew against the window before (``TestDurations/regressed(recent:older:query:limit:)``).
    public func regressedTests(_ query: TestMetricsQuery, now: Date) async throws(StoreError) -> RegressedTestsReport {
        try await read { db in
            let windows = query.windows(now: now)
            let recent = try Self.durations(query, from: windows.current.start, to: windows.currentEnd, in: db)
            let older = try Self.durations(query, from: windows.previous.start, to: windows.current.start, in: db)
            let tests = try TestDurations.regressed(recent: recent, older: older, query: query, limit: query.boundedLimit).map { grown in
                grown.answer(test: try Self.identity(grown.testID, in: db), slowestRun: try Self.run(grown.runs.slowestRun, in: db))
            }
            return query.regressedReport(windows, tests: tests)
        }
    }

    // MARK: Reading

    /// Timed, non-skipped runs per test from `start` up to (not including) `end`, in one pass
    /// over the window's rows. Windows are whole UTC days, so the current one ends at midnight.
    /// In time order, so the slowest of equally slow runs is the same on every backend.
    private static func durations(_ query: TestMetricsQuery, from start: Date, to end: Date, in db: Database) throws -> [Int64: TestDurations] {
        let rows = try Row.fetchCursor(
            db, sql: """
                SELECT c.testID, c.durationSeconds / c.attempts AS seconds, c.finishedAt, c.runID
                FROM metricTestCase c \(query.repository == nil ? "" : "JOIN metricTest t ON t.id = c.testID AND t.repository = ?")
                WHERE c.finishedAt >= ? AND c.finishedAt < ? AND c.durationSeconds IS NOT NULL AND c.outcome <> 'skipped'
                ORDER BY c.finishedAt, c.runID, c.position
                """,
            arguments: StatementArguments((query.repository.map { [$0] } ?? []) + [StoredDate(start), StoredDate(end)] as [any DatabaseValueConvertible]))
        var durations: [Int64: TestDurations] = [:]
        while let row = try rows.next() {
            durations[row["testID"], default: TestDurations()].add(row["seconds"], at: row[date: "finishedAt"], run: row["runID"])
        }
        return durations
    }

    /// A test's repository, suite and name.
    static func identity(_ id: Int64, in db: Database) throws -> TestIdentity {
        let row = try Row.fetchOne(db, sql: "SELECT repository, suite, name FROM metricTest WHERE id = ?", arguments: [id])
        return TestIdentity(repository: row?["repository"] ?? "", suite: row?["suite"] ?? "", name: row?["name"] ?? "")
    }

    /// The run a stored report is.
    static func run(_ reportID: Int64, in db: Database) throws -> TestRunReference {
        let row = try Row.fetchOne(
            db, sql: "SELECT \(runColumns) FROM metricTestRun r LEFT JOIN build b ON b.id = r.ciBuildID WHERE r.buildID = ?", arguments: [reportID])
        return row.map(runReference) ?? TestRunReference(reportID: reportID, finishedAt: .distantPast)
    }
}
