import BuildMetrics
import Core
import Foundation
@testable import Store
@testable import StorePostgres
@testable import StoreSQLite
import Testing

/// The same reports and builds stored in SQLite and in PostgreSQL give equal answers: the
/// window figures, the dashboard and the test rankings are computed by the same rules
/// (`Store/Rules`) from rows each backend reads its own way.
@Suite("Build metrics: SQLite and PostgreSQL answer alike")
struct BuildMetricsParityTests {
    /// Noon UTC, the day the two-job build of ``BuildMetricsPerBuildTests`` runs.
    static let t0 = BuildMetricsPerBuildTests.t0
    /// When every question is asked.
    static let now = t0.addingTimeInterval(100)

    /// Stores the same history in `database`: a two-job MobileOps build, a pending one, 90
    /// reports from other CIs over 45 days (several repositories, pipelines, branches,
    /// platforms, outcomes, cache use), 30 more of one series over 3 days, timed test runs and
    /// three builds whose tests flip.
    static func populate(_ database: FreshStore.Database) async throws {
        _ = try await BuildMetricsPerBuildTests.twoJobBuild(database)
        let waiting = BuildDraft(
            repositoryID: nil, pipeline: "nightly", trigger: "schedule", branch: "main", commitSHA: "main",
            jobs: [JobDraft(stepKey: "ui", label: "UI", spec: JobSpec(commands: ["test"], requirements: AgentRequirements(["platform": ["ios"]])))])
        _ = try await database.createBuild(waiting, audit: AuditEvent(occurredAt: t0, actor: "t", action: "build.create", subject: "s"))
        let platforms: [Platform?] = [.ios, .android, nil]
        let outcomes: [BuildOutcome] = [.success, .failure, .success, .canceled, .success]
        var writes: [BuildReportWrite] = []
        for index in 0..<90 {
            let platform = platforms[index % 3]
            let dimensions = BuildDimensions(
                repository: ["acme/app", "acme/web"][index % 2], branch: [nil, "main", "feature/\(index % 4)"][index % 3],
                pipeline: ["pr", "main", "nightly", nil][index % 4], platform: platform,
                xcodeVersion: platform == .ios ? "16.2" : nil, gradleVersion: platform == .android ? "8.10" : nil)
            let tasks = (0..<(index % 7)).map { task in
                TaskRecord(
                    name: ":m\(task % 3):t\(task)", target: task % 2 == 0 ? "m\(task % 3)" : nil, durationSeconds: Double(task),
                    outcome: [.executed, .fromCache, .upToDate, .fromCache, .failed, .noSource][(index + task) % 6],
                    cacheKind: [.local, .remote, .unknown][task % 3])
            }
            let report = BuildReport(
                dimensions: dimensions, finishedAt: t0.addingTimeInterval(-Double(index % 45) * 86_400 - Double(index) * 61),
                durationSeconds: 20 + Double(index * 37 % 400) + 0.25, queueSeconds: Double(index % 11), outcome: outcomes[index % 5], tasks: tasks)
            writes.append(BuildReportWrite(report: report, source: .api, waitedOn: index % 3 != 1, now: t0))
        }
        // Many builds of one series on the same days: their rollup rows are added to, not made.
        for index in 0..<30 {
            let dimensions = BuildDimensions(repository: "acme/app", branch: "main", pipeline: "pr", platform: .ios)
            let report = BuildReport(
                dimensions: dimensions, finishedAt: t0.addingTimeInterval(-Double(index % 3) * 86_400 - Double(index) * 97),
                durationSeconds: 90 + Double(index * 13 % 70), queueSeconds: Double(index % 5) + 0.5, outcome: outcomes[index % 5],
                tasks: [TaskRecord(name: ":app:compile", outcome: index % 2 == 0 ? .fromCache : .executed, cacheKind: .remote)])
            writes.append(BuildReportWrite(report: report, source: .api, waitedOn: index % 4 != 0, now: t0))
        }
        // In batches, as the API's group commit writes them.
        for start in stride(from: 0, to: writes.count, by: 16) {
            for result in await database.insertBuildReports(Array(writes[start..<min(start + 16, writes.count)])) { _ = try result.get() }
        }
        // Test history, months later: timed runs from other CIs, and builds whose tests flip.
        try await TestHistoryStoreTests.timedHistory(database)
        let repository = try #require(try await database.repository(named: "acme/app"))
        let agent = try #require(try await database.agents().first)
        let fleet = TestHistoryStoreTests.Fleet(repositoryID: repository.id, agent: agent)
        for (hour, fails) in [(1.0, true), (2, false), (3, true)] {
            _ = try await TestHistoryStoreTests.runBuild(
                database, fleet: fleet, attempts: [.init(tests: TestHistoryStoreTests.loginTests(rejectsFails: fails, retriesFlaky: fails))],
                at: TestHistoryStoreTests.t0.addingTimeInterval(hour * 3_600))
        }
    }

    /// Every answer compared.
    struct Answers: Equatable {
        /// One summary per query of ``answers(_:)``.
        var summaries: [MetricsSummary] = []
        /// One cache report per query.
        var caches: [CacheReport] = []
        /// The dashboard.
        var dashboard: DashboardSnapshot?
        /// The slowest tests.
        var slowest: SlowestTestsReport?
        /// The regressed tests (loose thresholds, so there are several).
        var regressed: RegressedTestsReport?
        /// The flaky tests.
        var flaky: FlakyTestsReport?
    }

    /// Asks `database` every question: summaries and cache reports over several windows,
    /// filters and groupings, the dashboard, and the test rankings.
    static func answers(_ database: FreshStore.Database) async throws -> Answers {
        var answers = Answers()
        var queries = [MetricsQuery(), MetricsQuery(days: 30, speedupPercent: 25), MetricsQuery(days: 1), MetricsQuery(days: 7, repository: "acme/web")]
        for grouping in MetricsGrouping.allCases { queries.append(MetricsQuery(days: 30, groupBy: grouping)) }
        queries.append(MetricsQuery(days: 14, branch: "main", platform: "ios"))
        queries.append(MetricsQuery(days: 20, pipeline: "pr", groupBy: .branch))
        for query in queries {
            answers.summaries.append(try await database.metricsSummary(query, now: now))
            answers.caches.append(try await database.cacheReport(query, now: now))
        }
        answers.dashboard = try await database.dashboardSnapshot(now: now)
        let later = TestHistoryStoreTests.t0.addingTimeInterval(4 * 3_600)
        answers.slowest = try await database.slowestTests(TestMetricsQuery(days: 7), now: later)
        answers.regressed = try await database.regressedTests(TestMetricsQuery(days: 7, minChangePercent: 1, minChangeSeconds: 0.01), now: later)
        answers.flaky = try await database.flakyTests(TestMetricsQuery(days: 30), now: later)
        return answers
    }

    @Test("the same history gives equal summaries, cache reports, dashboards and test rankings", .enabled(if: StoreBackend.postgresURL != nil))
    func sameAnswers() async throws {
        let sqlite = try await StoreBackend.sqlite.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            try await Self.populate(store.database)
            return try await Self.answers(store.database)
        }
        let postgres = try await StoreBackend.postgres.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            try await Self.populate(store.database)
            return try await Self.answers(store.database)
        }
        // The history is not trivial: every part has something to compare.
        #expect(sqlite.summaries.allSatisfy { !$0.groups.isEmpty })
        #expect(sqlite.summaries[1].groups.first?.current.count ?? 0 > 50)
        #expect(sqlite.caches[1].byTask.count == 10 && !sqlite.caches[1].byTarget.isEmpty)
        #expect(sqlite.dashboard?.queue.pending == 1 && sqlite.dashboard?.recentBuilds.count == 5)
        #expect(sqlite.slowest?.tests.isEmpty == false && sqlite.regressed?.tests.isEmpty == false)
        #expect(sqlite.flaky?.tests.map(\.test.name).sorted() == ["rejects", "retries"])
        #expect(sqlite.summaries == postgres.summaries)
        for (index, (left, right)) in zip(sqlite.caches, postgres.caches).enumerated() {
            #expect(left == right, "cache report \(index)")
        }
        #expect(sqlite.dashboard == postgres.dashboard)
        #expect(sqlite.slowest == postgres.slowest)
        #expect(sqlite.regressed == postgres.regressed)
        #expect(sqlite.flaky == postgres.flaky)
    }
}
