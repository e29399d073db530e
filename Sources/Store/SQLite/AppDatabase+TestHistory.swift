import BuildMetrics
import Core
import Foundation
import GRDB

// MARK: - Schema

extension AppDatabase {
    /// `v12-test-history`: every test case of every report (`metricTestCase`), the run it came
    /// from with its commit, build and job (`metricTestRun`), and one row per test
    /// (`metricTest`). Never edited once shipped.
    static func registerTestHistoryMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v12-test-history") { db in
            try db.create(table: "metricTest") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("repository", .text).notNull()
                t.column("suite", .text).notNull()
                t.column("name", .text).notNull()
                // When it last flipped; a flip after a quiet month is announced again.
                t.column("lastFlakyAt", .datetime)
                t.uniqueKey(["repository", "suite", "name"])
            }
            try db.create(table: "metricTestRun") { t in
                t.primaryKey("buildID", .integer).references("metricBuild", onDelete: .cascade)
                t.column("repository", .text).notNull()
                t.column("commitSHA", .text)
                t.column("ciBuildID", .integer).indexed().references("build", onDelete: .setNull)
                t.column("jobID", .integer).indexed().references("job", onDelete: .setNull)
                t.column("finishedAt", .datetime).notNull()
                t.column("warnings", .text).notNull()
            }
            // Flip detection reads the other runs of one commit.
            try db.execute(sql: "CREATE INDEX metricTestRun_on_commit ON metricTestRun(repository, commitSHA) WHERE commitSHA IS NOT NULL")
            try db.create(table: "metricTestCase", options: [.withoutRowID]) { t in
                t.column("runID", .integer).notNull().references("metricTestRun", column: "buildID", onDelete: .cascade)
                t.column("position", .integer).notNull()
                t.column("testID", .integer).notNull().references("metricTest")
                t.column("outcome", .text).notNull()
                t.column("attempts", .integer).notNull()
                t.column("durationSeconds", .double)
                t.column("message", .text)
                t.column("file", .text)
                t.column("line", .integer)
                t.column("finishedAt", .datetime).notNull()
                t.column("flips", .integer).notNull()
                t.column("flaky", .boolean).notNull()
                t.primaryKey(["runID", "position"])
            }
            // Window reads scan by time; one test's history by test.
            try db.create(index: "metricTestCase_on_finishedAt", on: "metricTestCase", columns: ["finishedAt", "testID"])
            try db.create(index: "metricTestCase_on_test", on: "metricTestCase", columns: ["testID", "finishedAt"])
            try db.execute(sql: "CREATE INDEX metricTestCase_flaky ON metricTestCase(finishedAt) WHERE flaky")
        }
    }

    /// A flaky test that has not flipped for this long is announced again when it next flips.
    static let flakyQuietSeconds: TimeInterval = 30 * 86_400
    /// Most `test.flaky` events one report adds; the rest are summed up in one more.
    static let maxFlakyEventsPerReport = 5
}

// MARK: - Ingest

/// The MobileOps build and job a report belongs to, when it came from an agent.
struct TestRunContext {
    var repository: String
    var commitSHA: String?
    var ciBuildID: Int64?
    var buildNumber: Int?
    var pipeline: String?
    var jobID: Int64?
}

extension AppDatabase {
    /// Stores the report's test cases as history, finds flips against other runs of the same
    /// commit, and announces tests that become flaky; inside the report's transaction.
    static func insertTestHistory(_ report: BuildReport, reportID: Int64, source: MetricsSource, finished: Date, now: Date, in db: Database) throws {
        guard let tests = report.tests, !tests.cases.isEmpty || !tests.warnings.isEmpty else { return }
        let context = try testRunContext(report, source: source, in: db)
        let warnings = String(decoding: (try? JSONEncoder().encode(tests.warnings)) ?? Data("[]".utf8), as: UTF8.self)
        try db.execute(
            sql: "INSERT INTO metricTestRun (buildID, repository, commitSHA, ciBuildID, jobID, finishedAt, warnings) VALUES (?, ?, ?, ?, ?, ?, ?)",
            arguments: [reportID, context.repository, context.commitSHA, context.ciBuildID, context.jobID, StoredDate(finished), warnings])
        guard !tests.cases.isEmpty else { return }
        let previous = try previousOutcomes(context, reportID: reportID, in: db)
        let insert = try SQLiteRowInserter(db, sql: """
            INSERT INTO metricTestCase (runID, position, testID, outcome, attempts, durationSeconds, message, file, line, finishedAt, flips, flaky)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let markFlaky = try db.cachedStatement(sql: "UPDATE metricTestCase SET flaky = 1 WHERE runID = ? AND position = ?")
        var flipped: [(testID: Int64, test: TestCaseResult, acrossRuns: Bool)] = []
        for (position, test) in tests.cases.enumerated() {
            let testID = try self.testID(repository: context.repository, suite: test.suite, name: test.name, in: db)
            var flips = test.outcome == .flaky ? 1 : 0
            var acrossRuns = false
            // A flaky attempt sequence starts failed and ends passed.
            let entry: TestCaseOutcome = test.outcome == .failed || test.outcome == .flaky ? .failed : .passed
            if test.outcome != .skipped, let before = previous[testID], before.outcome != entry {
                flips += 1
                acrossRuns = true
                try markFlaky.execute(arguments: [before.runID, before.position])
            }
            try insert.insert { row in
                row.add(reportID)
                row.add(Int64(position))
                row.add(testID)
                row.add(test.outcome.rawValue)
                row.add(Int64(test.attempts))
                row.add(test.durationSeconds)
                row.add(test.message)
                row.add(test.file)
                row.add(test.line.map(Int64.init))
                row.add(finished as Date?)
                row.add(Int64(flips))
                row.add(flips > 0)
            }
            if flips > 0 { flipped.append((testID, test, acrossRuns)) }
        }
        try announceFlakyTests(flipped, context: context, finished: finished, now: now, in: db)
    }

    /// The build, job and commit behind a report: the server's, for a job's report.
    private static func testRunContext(_ report: BuildReport, source: MetricsSource, in db: Database) throws -> TestRunContext {
        var context = TestRunContext(repository: report.dimensions.repository, commitSHA: report.commit, pipeline: report.dimensions.pipeline)
        if let jobID = source.jobID,
           let row = try Row.fetchOne(
               db, sql: "SELECT build.id, build.number, build.pipeline, build.commitSHA FROM job JOIN build ON build.id = job.buildID WHERE job.id = ?",
               arguments: [jobID]) {
            let sha: String = row["commitSHA"]
            context.jobID = jobID
            context.ciBuildID = row["id"]
            context.buildNumber = row["number"]
            context.pipeline = row["pipeline"]
            // A branch name is not a commit: two builds of `main` are not the same code.
            context.commitSHA = CommitReference.isObjectName(sha) ? sha : nil
        }
        if let commit = context.commitSHA, commit.trimmingCharacters(in: .whitespaces).isEmpty { context.commitSHA = nil }
        return context
    }

    /// The last non-skipped outcome of each test in the other runs of the same commit, in the
    /// order they were stored (a flaky run ends passed).
    private static func previousOutcomes(_ context: TestRunContext, reportID: Int64, in db: Database) throws -> [Int64: (runID: Int64, position: Int64, outcome: TestCaseOutcome)] {
        guard let commit = context.commitSHA else { return [:] }
        let rows = try Row.fetchCursor(
            db, sql: """
                SELECT c.runID, c.position, c.testID, c.outcome FROM metricTestRun r JOIN metricTestCase c ON c.runID = r.buildID
                WHERE r.repository = ? AND r.commitSHA = ? AND r.buildID <> ? AND c.outcome <> 'skipped'
                ORDER BY c.finishedAt, c.runID, c.position
                """,
            arguments: [context.repository, commit, reportID])
        var outcomes: [Int64: (runID: Int64, position: Int64, outcome: TestCaseOutcome)] = [:]
        while let row = try rows.next() {
            let stored = TestCaseOutcome(rawValue: row["outcome"]) ?? .passed
            outcomes[row["testID"]] = (row["runID"], row["position"], stored == .failed ? .failed : .passed)
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
