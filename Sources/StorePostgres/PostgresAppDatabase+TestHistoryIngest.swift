import BuildMetrics
import Core
import Foundation
import PostgresNIO
import Store

// MARK: - Storing test history

extension PostgresAppDatabase {
    /// Stores the report's test cases as history, marks flips against other runs of the same
    /// commit (``TestFlips``) and announces tests that become flaky (``FlakyTestAnnouncement``),
    /// inside the report's transaction. Every step is a statement for all the report's cases
    /// at once, not one per case: a test suite has thousands.
    func insertTestHistory(_ report: BuildReport, reportID: Int64, source: MetricsSource, finished: Date, now: Date, on connection: PostgresConnection) async throws {
        guard let tests = report.tests, !tests.cases.isEmpty || !tests.warnings.isEmpty else { return }
        let context = try await testRunContext(report, source: source, on: connection)
        let stored = PostgresTime.stored(finished)
        try await connection.run(
            """
            INSERT INTO metric_test_run (build_id, repository, commit_sha, ci_build_id, job_id, finished_at, warnings)
            VALUES (\(reportID), \(context.repository), \(context.commitSHA), \(context.ciBuildID), \(context.jobID), \(stored),
                    \(MetricBuildRow.warningsText(of: tests)))
            """, logger: logger)
        guard !tests.cases.isEmpty else { return }
        let testIDs = try await testIDs(of: tests.cases, repository: context.repository, on: connection)
        let flips = TestFlips(tests.cases, testIDs: testIDs, earlier: try await previousOutcomes(context, reportID: reportID, on: connection))
        if !flips.markedEarlier.isEmpty {
            try await connection.run(
                """
                UPDATE metric_test_case c SET flaky = true
                FROM unnest(\(flips.markedEarlier.map(\.runID))::bigint[], \(flips.markedEarlier.map { Int32(clamping: $0.position) })::integer[]) AS m(run_id, position)
                WHERE c.run_id = m.run_id AND c.position = m.position
                """, logger: logger)
        }
        let cases = flips.cases
        try await insertRows(
            into: "metric_test_case",
            columns: ["run_id", "position", "test_id", "outcome", "attempts", "duration_seconds", "message", "file", "line", "finished_at", "flips", "flaky"],
            count: cases.count, on: connection
        ) { index, bindings in
            let item = cases[index]
            bindings.append(reportID)
            bindings.append(Int32(clamping: item.position))
            bindings.append(item.testID)
            bindings.append(item.test.outcome.rawValue)
            bindings.append(Int32(clamping: item.test.attempts))
            bindings.append(item.test.durationSeconds)
            bindings.append(item.test.message)
            bindings.append(item.test.file)
            bindings.append(item.test.line.map { Int32(clamping: $0) })
            bindings.append(stored)
            bindings.append(Int32(clamping: item.flips))
            bindings.append(item.flaky)
        }
        try await announceFlakyTests(flips.flipped, context: context, finished: finished, now: now, on: connection)
    }

    /// The build, job and commit behind a report: the server's, for a job's report.
    private func testRunContext(_ report: BuildReport, source: MetricsSource, on connection: PostgresConnection) async throws -> TestRunContext {
        var context = TestRunContext(report: report)
        guard let jobID = source.jobID else { return context }
        let rows = try await connection.boundedQuery(
            "SELECT b.id, b.number, b.pipeline, b.commit_sha FROM job j JOIN build b ON b.id = j.build_id WHERE j.id = \(jobID)", logger: logger)
        for try await (buildID, number, pipeline, commit) in rows.decode((Int64, Int32, String, String).self) {
            context.use(jobID: jobID, buildID: buildID, buildNumber: Int(number), pipeline: pipeline, commitSHA: commit)
        }
        return context
    }

    /// The id of each case's test (same order), the tests seen for the first time created in
    /// the order they first appear, so ids grow as on SQLite.
    private func testIDs(of cases: [TestCaseResult], repository: String, on connection: PostgresConnection) async throws -> [Int64] {
        struct Name: Hashable {
            var suite: String
            var name: String
        }
        var ids: [Name: Int64] = [:]
        /// Reads the ids of `names` that exist.
        func find(_ names: [Name]) async throws {
            let rows = try await connection.boundedQuery(
                """
                SELECT t.id, t.suite, t.name FROM metric_test t JOIN unnest(\(names.map(\.suite))::text[], \(names.map(\.name))::text[]) AS n(suite, name)
                  ON t.suite = n.suite AND t.name = n.name
                WHERE t.repository = \(repository)
                """, logger: logger)
            for try await (id, suite, name) in rows.decode((Int64, String, String).self) { ids[Name(suite: suite, name: name)] = id }
        }
        var seen = Set<Name>()
        let names = cases.map { Name(suite: $0.suite, name: $0.name) }.filter { seen.insert($0).inserted }
        try await find(names)
        let missing = names.filter { ids[$0] == nil }
        if !missing.isEmpty {
            // Another server may create some of them meanwhile: those are skipped here and read after.
            let rows = try await connection.boundedQuery(
                """
                INSERT INTO metric_test (repository, suite, name)
                SELECT \(repository), n.suite, n.name FROM unnest(\(missing.map(\.suite))::text[], \(missing.map(\.name))::text[])
                  WITH ORDINALITY AS n(suite, name, i)
                ORDER BY n.i
                ON CONFLICT DO NOTHING
                RETURNING id, suite, name
                """, logger: logger)
            for try await (id, suite, name) in rows.decode((Int64, String, String).self) { ids[Name(suite: suite, name: name)] = id }
            let raced = missing.filter { ids[$0] == nil }
            if !raced.isEmpty { try await find(raced) }
        }
        return try cases.map { test in
            guard let id = ids[Name(suite: test.suite, name: test.name)] else {
                throw StoreError.database("test \(test.suite).\(test.name) of \(repository) could not be created")
            }
            return id
        }
    }

    /// The last non-skipped outcome of each test in the other runs of the same commit, in the
    /// order they were stored (a flaky run ends passed).
    private func previousOutcomes(_ context: TestRunContext, reportID: Int64, on connection: PostgresConnection) async throws -> [Int64: TestFlips.Earlier] {
        guard let commit = context.commitSHA else { return [:] }
        let rows = try await connection.boundedQuery(
            """
            SELECT c.run_id, c.position, c.test_id, c.outcome FROM metric_test_run r JOIN metric_test_case c ON c.run_id = r.build_id
            WHERE r.repository = \(context.repository) AND r.commit_sha = \(commit) AND r.build_id <> \(reportID) AND c.outcome <> 'skipped'
            ORDER BY c.finished_at, c.run_id, c.position
            """, logger: logger)
        var outcomes: [Int64: TestFlips.Earlier] = [:]
        for try await (runID, position, testID, outcome) in rows.decode((Int64, Int32, Int64, String).self) {
            let stored = TestCaseOutcome(rawValue: outcome) ?? .passed
            outcomes[testID] = TestFlips.Earlier(runID: runID, position: Int64(position), outcome: TestFlips.comparable(stored))
        }
        return outcomes
    }

    /// Records what ``FlakyTestAnnouncement`` decides for the flipped tests: their new
    /// `last_flaky_at`, and the `test.flaky` events.
    private func announceFlakyTests(_ flipped: [TestFlips.Case], context: TestRunContext, finished: Date, now: Date, on connection: PostgresConnection) async throws {
        guard !flipped.isEmpty else { return }
        var stored: [Int64: Date] = [:]
        let ids = Array(Set(flipped.map(\.testID)))
        let rows = try await connection.boundedQuery(
            "SELECT id, last_flaky_at FROM metric_test WHERE id = ANY(\(ids)) AND last_flaky_at IS NOT NULL", logger: logger)
        for try await (id, last) in rows.decode((Int64, Date).self) { stored[id] = last }
        let announcement = FlakyTestAnnouncement(flipped, stored: stored, context: context, finished: finished, now: now)
        // The last value per test is the one that counts (the announcement never moves one back).
        var latest: [Int64: Date] = [:]
        for (testID, date) in announcement.lastFlakyAt { latest[testID] = date }
        let updated = latest.keys.sorted()
        try await connection.run(
            """
            UPDATE metric_test t SET last_flaky_at = u.at
            FROM unnest(\(updated)::bigint[], \(updated.map { PostgresTime.stored(latest[$0] ?? finished) })::timestamptz[]) AS u(id, at)
            WHERE t.id = u.id
            """, logger: logger)
        for event in announcement.events { try await recordNotableEvent(event, on: connection) }
    }
}
