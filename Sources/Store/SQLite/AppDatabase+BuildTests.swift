import BuildMetrics
import Foundation
import GRDB

// MARK: - A build's test results

extension AppDatabase {
    /// Each job of the build with the tests its report carried. Reports stored before test
    /// cases were kept list their failed tests (from the summary) only.
    public func buildTests(buildID: Int64, failedOnly: Bool) throws(StoreError) -> BuildTestResults? {
        try read { db in
            guard try Int64.fetchOne(db, sql: "SELECT id FROM build WHERE id = ?", arguments: [buildID]) != nil else { return nil }
            var results = BuildTestResults(buildID: buildID, totals: TestTotals(), jobs: [])
            let jobs = try Row.fetchAll(
                db, sql: "SELECT id, stepKey, label, attempt, state, supersededBy FROM job WHERE buildID = ? ORDER BY id", arguments: [buildID])
            for job in jobs {
                let jobID: Int64 = job["id"]
                var entry = JobTestResults(
                    jobID: jobID, stepKey: job["stepKey"], label: job["label"], attempt: job["attempt"], state: job["state"],
                    supersededBy: job["supersededBy"], totals: nil, tests: [], warnings: [])
                if let report = try Row.fetchOne(
                    db, sql: """
                        SELECT m.id, s.total, s.passed, s.failed, s.skipped, s.flaky, s.retried, s.durationSeconds, s.failures,
                          r.warnings, r.buildID AS runID
                        FROM metricBuild m LEFT JOIN metricTestSummary s ON s.buildID = m.id LEFT JOIN metricTestRun r ON r.buildID = m.id
                        WHERE m.source = ?
                        """,
                    arguments: [MetricsSource.job(jobID, build: buildID).description]) {
                    try fill(&entry, from: report, failedOnly: failedOnly, in: db)
                }
                if entry.supersededBy == nil, let totals = entry.totals { results.totals.add(totals) }
                results.jobs.append(entry)
            }
            return results
        }
    }

    /// A job's totals, tests and warnings from its stored report.
    private func fill(_ entry: inout JobTestResults, from report: Row, failedOnly: Bool, in db: Database) throws {
        if let total: Int = report["total"] {
            entry.totals = TestTotals(
                total: total, passed: report["passed"], failed: report["failed"], skipped: report["skipped"], flaky: report["flaky"],
                retried: report["retried"], durationSeconds: report["durationSeconds"])
        }
        if let warnings: String = report["warnings"] {
            entry.warnings = (try? JSONDecoder().decode([String].self, from: Data(warnings.utf8))) ?? []
        }
        if let runID: Int64 = report["runID"] {
            entry.tests = try Row.fetchAll(
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
        if entry.tests.isEmpty, let failures: String = report["failures"] {
            // A report with counts and failures but no test cases (another CI's, or an older one).
            let listed = (try? JSONDecoder().decode([TestFailure].self, from: Data(failures.utf8))) ?? []
            entry.tests = listed.map { TestCaseResult(suite: $0.suite, name: $0.name, outcome: .failed, message: $0.message) }
        }
    }
}
