import BuildMetrics
import Core
import Foundation
import GRDB
import Store

// MARK: - Schema

// MARK: - Ingest

extension AppDatabase {
    /// Stores the report's test cases as history, finds flips against other runs of the same
    /// commit (``TestFlips``), and announces tests that become flaky
    /// (``FlakyTestAnnouncement``); inside the report's transaction.
    static func insertTestHistory(_ report: BuildReport, reportID: Int64, source: MetricsSource, finished: Date, now: Date, in db: Database) throws {
        guard let tests = report.tests, !tests.cases.isEmpty || !tests.warnings.isEmpty else { return }
        let context = try testRunContext(report, source: source, in: db)
        try db.execute(
            sql: "INSERT INTO metricTestRun (buildID, repository, commitSHA, ciBuildID, jobID, finishedAt, warnings) VALUES (?, ?, ?, ?, ?, ?, ?)",
            arguments: [
                reportID, context.repository, context.commitSHA, context.ciBuildID, context.jobID, StoredDate(finished),
                MetricBuildRow.warningsText(of: tests),
            ])
        guard !tests.cases.isEmpty else { return }
        let testIDs = try tests.cases.map { test in try testID(repository: context.repository, suite: test.suite, name: test.name, in: db) }
        let flips = TestFlips(tests.cases, testIDs: testIDs, earlier: try previousOutcomes(context, reportID: reportID, in: db))
        let markFlaky = try db.cachedStatement(sql: "UPDATE metricTestCase SET flaky = 1 WHERE runID = ? AND position = ?")
        for earlier in flips.markedEarlier { try markFlaky.execute(arguments: [earlier.runID, earlier.position]) }
        let insert = try SQLiteRowInserter(db, sql: """
            INSERT INTO metricTestCase (runID, position, testID, outcome, attempts, durationSeconds, message, file, line, finishedAt, flips, flaky)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for item in flips.cases {
            try insert.insert { row in
                row.add(reportID)
                row.add(Int64(item.position))
                row.add(item.testID)
                row.add(item.test.outcome.rawValue)
                row.add(Int64(item.test.attempts))
                row.add(item.test.durationSeconds)
                row.add(item.test.message)
                row.add(item.test.file)
                row.add(item.test.line.map(Int64.init))
                row.add(finished as Date?)
                row.add(Int64(item.flips))
                row.add(item.flaky)
            }
        }
        try announceFlakyTests(flips.flipped, context: context, finished: finished, now: now, in: db)
    }

    /// The build, job and commit behind a report: the server's, for a job's report.
    private static func testRunContext(_ report: BuildReport, source: MetricsSource, in db: Database) throws -> TestRunContext {
        var context = TestRunContext(report: report)
        if let jobID = source.jobID,
           let row = try Row.fetchOne(
               db, sql: "SELECT build.id, build.number, build.pipeline, build.commitSHA FROM job JOIN build ON build.id = job.buildID WHERE job.id = ?",
               arguments: [jobID]) {
            context.use(jobID: jobID, buildID: row["id"], buildNumber: row["number"], pipeline: row["pipeline"], commitSHA: row["commitSHA"])
        }
        return context
    }

    /// The last non-skipped outcome of each test in the other runs of the same commit, in the
    /// order they were stored (a flaky run ends passed).
    private static func previousOutcomes(_ context: TestRunContext, reportID: Int64, in db: Database) throws -> [Int64: TestFlips.Earlier] {
        guard let commit = context.commitSHA else { return [:] }
        let rows = try Row.fetchCursor(
            db, sql: """
                SELECT c.runID, c.position, c.testID, c.outcome FROM metricTestRun r JOIN metricTestCase c ON c.runID = r.buildID
                WHERE r.repository = ? AND r.commitSHA = ? AND r.buildID <> ? AND c.outcome <> 'skipped'
                ORDER BY c.finishedAt, c.runID, c.position
                """,
            arguments: [context.repository, commit, reportID])
        var outcomes: [Int64: TestFlips.Earlier] = [:]
        while let row = try rows.next() {
            let stored = TestCaseOutcome(rawValue: row["outcome"]) ?? .passed
            outcomes[row["testID"]] = TestFlips.Earlier(runID: row["runID"], position: row["position"], outcome: TestFlips.comparable(stored))
        }
        return outcomes
    }

    /// The id of a test, created on first sight.
    private static func testID(repository: String, suite: String, name: String, in db: Database) throws -> Int64 {
        let find = try db.cachedStatement(sql: "SELECT id FROM metricTest WHERE repository = ? AND suite = ? AND name = ?")
        if let id = try Int64.fetchOne(find, arguments: [repository, suite, name]) { return id }
        try db.cachedStatement(sql: "INSERT INTO metricTest (repository, suite, name) VALUES (?, ?, ?)").execute(arguments: [repository, suite, name])
        return db.lastInsertedRowID
    }
}

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
