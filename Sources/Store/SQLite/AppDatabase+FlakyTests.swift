import BuildMetrics
import Core
import Foundation
import GRDB

// MARK: - Announcing

extension AppDatabase {
    /// Records a `test.flaky` notable event for each flipped test that was not flaky already
    /// (never flipped, or quiet for ``flakyQuietSeconds``), at most ``maxFlakyEventsPerReport``
    /// plus one naming how many more; every flipped test's `lastFlakyAt` moves forward.
    static func announceFlakyTests(
        _ flipped: [(testID: Int64, test: TestCaseResult, acrossRuns: Bool)], context: TestRunContext, finished: Date, now: Date, in db: Database
    ) throws {
        guard !flipped.isEmpty else { return }
        let read = try db.cachedStatement(sql: "SELECT lastFlakyAt FROM metricTest WHERE id = ?")
        let update = try db.cachedStatement(sql: "UPDATE metricTest SET lastFlakyAt = ? WHERE id = ?")
        var announced = 0, more = 0
        // The build page shows the flipped test; a report from another CI has only the list.
        let url = context.ciBuildID.map { "/builds/\($0)" } ?? "/api/v1/metrics/tests/flaky"
        let place = [context.pipeline.map { "pipeline \($0)" }, context.buildNumber.map { "build #\($0)" }].compactMap(\.self).joined(separator: ", ")
        for item in flipped {
            let last = try Row.fetchOne(read, arguments: [item.testID])?[optionalDate: "lastFlakyAt"]
            try update.execute(arguments: [StoredDate(max(finished, last ?? finished)), item.testID])
            if let last, finished.timeIntervalSince(last) < flakyQuietSeconds { continue }
            guard announced < maxFlakyEventsPerReport else {
                more += 1
                continue
            }
            announced += 1
            let test = item.test.suite.isEmpty ? item.test.name : "\(item.test.suite).\(item.test.name)"
            let how = item.acrossRuns
                ? "It failed and passed on the same commit \(context.commitSHA.map { String($0.prefix(12)) } ?? "")"
                : "It failed, then passed on a retry in the same run"
            try recordNotableEvent(NotableEvent(
                kind: "test.flaky", title: "\(context.repository): \(test) is flaky",
                summary: how + (place.isEmpty ? "." : " (\(place)).") + (item.test.message.map { " First failure: \($0.prefix(300))" } ?? ""),
                url: url, occurredAt: now), in: db)
        }
        if more > 0 {
            try recordNotableEvent(NotableEvent(
                kind: "test.flaky", title: "\(context.repository): \(more) more tests became flaky",
                summary: "\(more) more tests failed and passed on the same commit" + (place.isEmpty ? "." : " (\(place)).") + " See GET /api/v1/metrics/tests/flaky.",
                url: url, occurredAt: now), in: db)
        }
    }
}

// MARK: - Flaky tests

extension AppDatabase: TestHistoryStore {
    /// Tests with a flip in the window; see ``FlakyTest`` for the figures.
    public func flakyTests(_ query: TestMetricsQuery, now: Date) throws(StoreError) -> FlakyTestsReport {
        try read { db in
            let (current, _) = MetricsCalendar.windows(MetricsQuery(days: query.days), now: now)
            let window = MetricsCalendar.window(current, now: now)
            // Whole days, as the build metrics: a report dated later today (a clock ahead) is in.
            let end = MetricsCalendar.date(ofDay: current.upperBound + 1)
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
                arguments: StatementArguments(range + range + [query.repository, query.repository, Self.testLimit(query)]))
            let tests = try rows.map { row in
                let attempts: Int = row["attempts"], flips: Int = row["flips"]
                return FlakyTest(
                    test: TestIdentity(repository: row["repository"], suite: row["suite"], name: row["name"]),
                    attempts: attempts, flips: flips, flipRate: Double(flips) / Double(max(attempts, 1)), failures: row["failures"],
                    flakyCommits: row["flakyCommits"], lastSeenAt: row[optionalDate: "lastSeenAt"] ?? window.start,
                    runs: try flakyRuns(testID: row["testID"], from: window.start, to: end, in: db))
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

    /// The query's limit within 1…500.
    static func testLimit(_ query: TestMetricsQuery) -> Int { min(max(query.limit, 1), 500) }
}
