import BuildMetrics
import Core
import Foundation
import GRDB
import Store

// MARK: - Announcing

extension AppDatabase {
    /// Records what ``FlakyTestAnnouncement`` decides for the flipped tests: their new
    /// `lastFlakyAt`, and the `test.flaky` events.
    static func announceFlakyTests(_ flipped: [TestFlips.Case], context: TestRunContext, finished: Date, now: Date, in db: Database) throws {
        guard !flipped.isEmpty else { return }
        let read = try db.cachedStatement(sql: "SELECT lastFlakyAt FROM metricTest WHERE id = ?")
        var stored: [Int64: Date] = [:]
        for testID in Set(flipped.map(\.testID)) {
            stored[testID] = try Row.fetchOne(read, arguments: [testID])?[optionalDate: "lastFlakyAt"]
        }
        let announcement = FlakyTestAnnouncement(flipped, stored: stored, context: context, finished: finished, now: now)
        let update = try db.cachedStatement(sql: "UPDATE metricTest SET lastFlakyAt = ? WHERE id = ?")
        for (testID, date) in announcement.lastFlakyAt { try update.execute(arguments: [StoredDate(date), testID]) }
        for event in announcement.events { try recordNotableEvent(event, in: db) }
    }
}

// MARK: - Flaky tests

extension AppDatabase: TestHistoryStore {
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
