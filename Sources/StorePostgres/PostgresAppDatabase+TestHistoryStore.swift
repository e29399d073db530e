import BuildMetrics
import Foundation
import PostgresNIO
import Store

// MARK: - Reading test history

extension PostgresAppDatabase: TestHistoryStore {
    /// Each job of the build with the tests its report carried, assembled by
    /// ``BuildTestResults/init(buildID:jobs:report:cases:)`` from three reads: the jobs, their
    /// reports, and every case of those reports.
    public func buildTests(buildID: Int64, failedOnly: Bool) async throws(StoreError) -> BuildTestResults? {
        try await read { connection in
            guard try await connection.value("SELECT id FROM build WHERE id = \(buildID)", as: Int64.self, logger: self.logger) != nil else { return nil }
            var jobs: [BuildTestResults.Job] = []
            let jobRows = try await connection.boundedQuery(
                "SELECT id, step_key, label, attempt, state, superseded_by FROM job WHERE build_id = \(buildID) ORDER BY id", logger: self.logger)
            for try await (id, stepKey, label, attempt, state, supersededBy) in jobRows.decode((Int64, String, String, Int32, String, Int64?).self) {
                jobs.append(BuildTestResults.Job(id: id, stepKey: stepKey, label: label, attempt: Int(attempt), state: state, supersededBy: supersededBy))
            }
            let sources = jobs.map { MetricsSource.job($0.id, build: buildID).description }
            var reports: [Int64: BuildTestResults.StoredReport] = [:]
            let reportRows = try await connection.boundedQuery(
                """
                SELECT m.source, s.total, s.passed, s.failed, s.skipped, s.flaky, s.retried, s.duration_seconds, s.failures, r.warnings, r.build_id
                FROM metric_build m LEFT JOIN metric_test_summary s ON s.build_id = m.id LEFT JOIN metric_test_run r ON r.build_id = m.id
                WHERE m.source = ANY(\(sources))
                """, logger: self.logger)
            for try await (source, total, passed, failed, skipped, flaky, retried, duration, failures, warnings, runID)
                in reportRows.decode((String, Int32?, Int32?, Int32?, Int32?, Int32?, Int32?, Double?, String?, String?, Int64?).self) {
                guard source.hasPrefix("job:"), let jobID = Int64(source.dropFirst(4)) else { continue }
                var totals: TestTotals?
                if let total {
                    totals = TestTotals(
                        total: Int(total), passed: Int(passed ?? 0), failed: Int(failed ?? 0), skipped: Int(skipped ?? 0), flaky: Int(flaky ?? 0),
                        retried: Int(retried ?? 0), durationSeconds: duration ?? 0)
                }
                reports[jobID] = BuildTestResults.StoredReport(totals: totals, failures: failures, warnings: warnings, runID: runID)
            }
            let cases = try await self.testCases(runIDs: reports.values.compactMap(\.runID), failedOnly: failedOnly, on: connection)
            return BuildTestResults(buildID: buildID, jobs: jobs, report: { reports[$0] }, cases: { cases[$0] ?? [] })
        }
    }

    /// The cases of each run: failed first, then flaky, skipped and passed, each in report order.
    private func testCases(runIDs: [Int64], failedOnly: Bool, on connection: PostgresConnection) async throws -> [Int64: [TestCaseResult]] {
        guard !runIDs.isEmpty else { return [:] }
        let rows = try await connection.boundedQuery(
            """
            SELECT c.run_id, t.suite, t.name, c.outcome, c.attempts, c.duration_seconds, c.message, c.file, c.line
            FROM metric_test_case c JOIN metric_test t ON t.id = c.test_id
            WHERE c.run_id = ANY(\(runIDs)) AND (NOT \(failedOnly) OR c.outcome = 'failed')
            ORDER BY c.run_id, CASE c.outcome WHEN 'failed' THEN 0 WHEN 'flaky' THEN 1 WHEN 'skipped' THEN 2 ELSE 3 END, c.position
            """, logger: logger)
        var cases: [Int64: [TestCaseResult]] = [:]
        for try await (runID, suite, name, outcome, attempts, duration, message, file, line)
            in rows.decode((Int64, String, String, String, Int32, Double?, String?, String?, Int32?).self) {
            cases[runID, default: []].append(TestCaseResult(
                suite: suite, name: name, outcome: TestCaseOutcome(rawValue: outcome) ?? .failed, attempts: Int(attempts),
                durationSeconds: duration, message: message, file: file, line: line.map(Int.init)))
        }
        return cases
    }

    // MARK: Flaky tests

    /// Tests with a flip in the window, the highest flip rate first; see ``FlakyTest``.
    public func flakyTests(_ query: TestMetricsQuery, now: Date) async throws(StoreError) -> FlakyTestsReport {
        let windows = query.windows(now: now)
        let start = PostgresTime.stored(windows.current.start), end = PostgresTime.stored(windows.currentEnd)
        return try await read { connection in
            let rows = try await connection.boundedQuery(
                """
                SELECT c.test_id, t.repository, t.suite, t.name,
                  sum(CASE WHEN c.outcome = 'skipped' THEN 0 ELSE c.attempts END) AS attempts,
                  sum(c.flips) AS flips,
                  sum(CASE c.outcome WHEN 'failed' THEN c.attempts WHEN 'flaky' THEN c.attempts - 1 ELSE 0 END),
                  count(DISTINCT CASE WHEN c.flaky THEN coalesce(r.commit_sha, 'run:' || r.build_id) END),
                  max(CASE WHEN c.flaky THEN c.finished_at END) AS last_seen_at
                FROM metric_test_case c JOIN metric_test t ON t.id = c.test_id JOIN metric_test_run r ON r.build_id = c.run_id
                WHERE c.test_id IN (SELECT test_id FROM metric_test_case WHERE flaky AND finished_at >= \(start) AND finished_at < \(end))
                  AND c.finished_at >= \(start) AND c.finished_at < \(end) AND (\(query.repository)::text IS NULL OR t.repository = \(query.repository))
                GROUP BY c.test_id, t.repository, t.suite, t.name
                ORDER BY sum(c.flips)::double precision / greatest(1, sum(CASE WHEN c.outcome = 'skipped' THEN 0 ELSE c.attempts END)) DESC,
                  flips DESC, last_seen_at DESC, c.test_id
                LIMIT \(Int64(query.boundedLimit))
                """, logger: self.logger)
            typealias Figures = (attempts: Int64, flips: Int64, failures: Int64, commits: Int64)
            var found: [(testID: Int64, test: TestIdentity, figures: Figures, lastSeenAt: Date?)] = []
            for try await (testID, repository, suite, name, attempts, flips, failures, commits, lastSeenAt)
                in rows.decode((Int64, String, String, String, Int64, Int64, Int64, Int64, Date?).self) {
                found.append((testID, TestIdentity(repository: repository, suite: suite, name: name), (attempts, flips, failures, commits), lastSeenAt))
            }
            let runs = try await self.flakyRuns(testIDs: found.map(\.testID), from: start, to: end, on: connection)
            return FlakyTestsReport(window: windows.current, tests: found.map { testID, test, figures, lastSeenAt in
                query.flakyTest(
                    test, attempts: Int(figures.attempts), flips: Int(figures.flips), failures: Int(figures.failures),
                    flakyCommits: Int(figures.commits),
                    lastSeenAt: lastSeenAt, runs: runs[testID] ?? [], in: windows)
            })
        }
    }

    /// The 10 newest runs of each test that took part in a flip in the window, newest first.
    private func flakyRuns(testIDs: [Int64], from start: Date, to end: Date, on connection: PostgresConnection) async throws -> [Int64: [TestRunReference]] {
        guard !testIDs.isEmpty else { return [:] }
        let rows = try await connection.boundedQuery(
            """
            SELECT test_id, report_id, ci_build_id, build_number, job_id, commit_sha, finished_at FROM (
                SELECT c.test_id, \(unescaped: Self.runColumns),
                  row_number() OVER (PARTITION BY c.test_id ORDER BY c.finished_at DESC, c.run_id DESC) AS n
                FROM metric_test_case c JOIN metric_test_run r ON r.build_id = c.run_id LEFT JOIN build b ON b.id = r.ci_build_id
                WHERE c.test_id = ANY(\(testIDs)) AND c.flaky AND c.finished_at >= \(start) AND c.finished_at < \(end)) ranked
            WHERE n <= 10 ORDER BY test_id, n
            """, logger: logger)
        var runs: [Int64: [TestRunReference]] = [:]
        for try await (testID, reportID, buildID, number, jobID, commit, finished)
            in rows.decode((Int64, Int64, Int64?, Int32?, Int64?, String?, Date).self) {
            runs[testID, default: []].append(TestRunReference(
                buildID: buildID, buildNumber: number.map(Int.init), jobID: jobID, reportID: reportID, commit: commit, finishedAt: finished))
        }
        return runs
    }

    /// The columns a run reference is read from, of `metric_test_run r` and `build b`.
    static let runColumns = "r.build_id AS report_id, r.ci_build_id, b.number AS build_number, r.job_id, r.commit_sha, r.finished_at"
}
