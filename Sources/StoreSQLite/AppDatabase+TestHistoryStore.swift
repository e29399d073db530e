import BuildMetrics
import Core
import Foundation
import GRDB
import Store

// MARK: - A build's test results

extension AppDatabase: TestHistoryStore {
    /// Each job of the build with the tests its report carried (assembled by
    /// ``BuildTestResults/init(buildID:jobs:report:cases:)``). Reports stored before test
    /// cases were kept list their failed tests (from the summary) only.
    public func buildTests(buildID: Int64, failedOnly: Bool) async throws(StoreError) -> BuildTestResults? {
        try await read { db in
            guard try Int64.fetchOne(db, sql: "SELECT id FROM build WHERE id = ?", arguments: [buildID]) != nil else { return nil }
            let jobs = try Row.fetchAll(
                db, sql: "SELECT id, stepKey, label, attempt, state, supersededBy FROM job WHERE buildID = ? ORDER BY id", arguments: [buildID]
            ).map { job in
                BuildTestResults.Job(
                    id: job["id"], stepKey: job["stepKey"], label: job["label"], attempt: job["attempt"], state: job["state"],
                    supersededBy: job["supersededBy"])
            }
            var reports: [Int64: BuildTestResults.StoredReport] = [:]
            var cases: [Int64: [TestCaseResult]] = [:]
            for job in jobs {
                guard let row = try Row.fetchOne(
                    db, sql: """
                        SELECT s.total, s.passed, s.failed, s.skipped, s.flaky, s.retried, s.durationSeconds, s.failures,
                          r.warnings, r.buildID AS runID
                        FROM metricBuild m LEFT JOIN metricTestSummary s ON s.buildID = m.id LEFT JOIN metricTestRun r ON r.buildID = m.id
                        WHERE m.source = ?
                        """,
                    arguments: [MetricsSource.job(job.id, build: buildID).description])
                else { continue }
                let report = Self.storedTestReport(row)
                reports[job.id] = report
                if let runID = report.runID { cases[runID] = try Self.testCases(runID: runID, failedOnly: failedOnly, in: db) }
            }
            return BuildTestResults(buildID: buildID, jobs: jobs, report: { reports[$0] }, cases: { cases[$0] ?? [] })
        }
    }

    /// A job's report as ``BuildTestResults`` reads it.
    private static func storedTestReport(_ row: Row) -> BuildTestResults.StoredReport {
        var totals: TestTotals?
        if let total: Int = row["total"] {
            totals = TestTotals(
                total: total, passed: row["passed"], failed: row["failed"], skipped: row["skipped"], flaky: row["flaky"],
                retried: row["retried"], durationSeconds: row["durationSeconds"])
        }
        return BuildTestResults.StoredReport(totals: totals, failures: row["failures"], warnings: row["warnings"], runID: row["runID"])
    }

    /// A run's cases: failed first, then flaky, skipped and passed, each in report order.
    private static func testCases(runID: Int64, failedOnly: Bool, in db: Database) throws -> [TestCaseResult] {
        try Row.fetchAll(
            db, sql: """
                SELECT t.suite, t.name, c.outcome, c.attempts, c.durationSeconds, c.message, c.file, c.line
                FROM metricTestCase c JOIN metricTest t ON t.id = c.testID
                WHERE c.runID = ? \(failedOnly ? "AND c.outcome = 'failed'" : "")
                ORDER BY CASE c.outcome WHEN 'failed' THEN 0 WHEN 'flaky' THEN 1 WHEN 'skipped' THEN 2 ELSE 3 END, c.position
                """,
            arguments: [runID]
        ).map { row in
            TestCaseResult(
                suite: row["suite"], name: row["name"], outcome: TestCaseOutcome(rawValue: row["outcome"]) ?? .failed,
                attempts: row["attempts"], durationSeconds: row["durationSeconds"], message: row["message"], file: row["file"], line: row["line"])
        }
    }
}

extension AppDatabase {
    /// Tests with a flip in the window; see ``FlakyTest`` for the figures.
    public func flakyTests(_ query: TestMetricsQuery, now: Date) async throws(StoreError) -> FlakyTestsReport {
        try await read { db in
            let windows = query.windows(now: now)
            let window = windows.current, end = windows.currentEnd
            let range: [any DatabaseValueConvertible] = [StoredDate(window.start), StoredDate(end)]
            let rows = try Row.fetchAll(
                db, sql: """
                    SELECT c.testID, t.repository, t.suite, t.name,
                      SUM(CASE WHEN c.outcome = 'skipped' THEN 0 ELSE c.attempts END) AS attempts,
                      SUM(c.flips) AS flips,
                      SUM(CASE c.outcome WHEN 'failed' THEN c.attempts WHEN 'flaky' THEN c.attempts - 1 ELSE 0 END) AS failures,
                      COUNT(DISTINCT CASE WHEN c.flaky THEN COALESCE(r.commitSHA, 'run:' || r.buildID) END) AS flakyCommits,
                      MAX(CASE WHEN c.flaky THEN c.finishedAt END) AS lastSeenAt
                    FROM metricTestCase c JOIN metricTest t ON t.id = c.testID JOIN metricTestRun r ON r.buildID = c.runID
                    WHERE c.testID IN (SELECT testID FROM metricTestCase WHERE flaky AND finishedAt >= ? AND finishedAt < ?)
                      AND c.finishedAt >= ? AND c.finishedAt < ? AND (? IS NULL OR t.repository = ?)
                    GROUP BY c.testID
                    ORDER BY CAST(SUM(c.flips) AS REAL) / MAX(1, SUM(CASE WHEN c.outcome = 'skipped' THEN 0 ELSE c.attempts END)) DESC,
                      flips DESC, lastSeenAt DESC, c.testID
                    LIMIT ?
                    """,
                arguments: StatementArguments(range + range + [query.repository, query.repository, query.boundedLimit]))
            let tests = try rows.map { row in
                query.flakyTest(
                    TestIdentity(repository: row["repository"], suite: row["suite"], name: row["name"]),
                    attempts: row["attempts"], flips: row["flips"], failures: row["failures"], flakyCommits: row["flakyCommits"],
                    lastSeenAt: row[optionalDate: "lastSeenAt"], runs: try flakyRuns(testID: row["testID"], from: window.start, to: end, in: db),
                    in: windows)
            }
            return FlakyTestsReport(window: window, tests: tests)
        }
    }

    /// The runs of a test involved in a flip, newest first.
    private func flakyRuns(testID: Int64, from start: Date, to end: Date, in db: Database) throws -> [TestRunReference] {
        try Row.fetchAll(
            db, sql: """
                SELECT \(Self.runColumns) FROM metricTestCase c JOIN metricTestRun r ON r.buildID = c.runID LEFT JOIN build b ON b.id = r.ciBuildID
                WHERE c.testID = ? AND c.flaky AND c.finishedAt >= ? AND c.finishedAt < ? ORDER BY c.finishedAt DESC, c.runID DESC LIMIT 10
                """,
            arguments: [testID, StoredDate(start), StoredDate(end)]
        ).map(Self.runReference)
    }

    /// The columns ``runReference(_:)`` reads, from `metricTestRun r` and `build b`.
    static let runColumns = "r.buildID AS reportID, r.ciBuildID, b.number AS buildNumber, r.jobID, r.commitSHA, r.finishedAt"

    /// A run reference from ``runColumns``.
    static func runReference(_ row: Row) -> TestRunReference {
        TestRunReference(
            buildID: row["ciBuildID"], buildNumber: row["buildNumber"], jobID: row["jobID"], reportID: row["reportID"],
            commit: row["commitSHA"], finishedAt: row[date: "finishedAt"])
    }
}
