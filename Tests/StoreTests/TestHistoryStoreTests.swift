import BuildMetrics
import Core
import Foundation
import Testing
@testable import Store

/// A build's test results and the test history (flaky, slowest and regressed tests) through
/// `TestHistoryStore`, on every backend.
@Suite("Test history in the store: a build's tests, flaky, slowest and regressed tests, retention")
struct TestHistoryStoreTests {
    /// 2026-03-10T12:00:00Z.
    static let t0 = Date(timeIntervalSince1970: 1_773_144_000)
    /// The commit most builds test.
    static let sha = String(repeating: "c", count: 40)

    /// `seconds` after ``t0``.
    private static func at(_ seconds: TimeInterval) -> Date { t0.addingTimeInterval(seconds) }
    /// An audit event at ``t0``.
    private static func audit(_ action: String) -> AuditEvent { AuditEvent(occurredAt: t0, actor: "tester", action: action, subject: "s") }

    // MARK: Fixtures

    /// A repository and an agent that runs every job.
    struct Fleet {
        /// `acme/app`.
        var repositoryID: Int64
        /// `mac`, one slot, no tags.
        var agent: Agent
    }

    /// Creates the repository and the agent.
    static func fleet(_ database: FreshStore.Database) async throws -> Fleet {
        let repositoryID = try await database.createRepository(
            name: "acme/app", provider: .github, cloneURL: "u", defaultBranch: "main", webhookSecret: "s", audit: audit("repository.create")).id
        _ = try await database.createRegistrationToken(id: "reg", name: "fleet", secretHash: "h", audit: audit("agent_token.create"))
        let agent = try await database.registerAgent(
            AgentRegistration(name: "mac", tags: [:], slots: 1), registrationTokenID: "reg", tokenID: "t", secretHash: "h", now: t0)
        return Fleet(repositoryID: repositoryID, agent: agent)
    }

    /// One attempt of the `test` job: what its agent reports, and how it ends.
    struct Attempt {
        /// The tests reported; nil for no report at all.
        var tests: TestSummary?
        /// How the attempt ends.
        var state: JobState = .passed
        /// Its exit status (2 is retried once).
        var exitStatus: Int32 = 0
    }

    /// A build of `commit` with one `test` step (retried once on exit status 2), run to its end
    /// at `at`: each attempt is claimed, reports `attempt.tests` and ends as `attempt` says.
    /// Answers the build's id and its attempts' job ids.
    static func runBuild(_ database: FreshStore.Database, fleet: Fleet, commit: String = sha, attempts: [Attempt], at date: Date) async throws -> (build: Int64, jobs: [Int64]) {
        let spec = JobSpec(commands: ["test"], retry: RetryPolicy(exitCodes: [2], exitCodeLimit: 1))
        let draft = BuildDraft(
            repositoryID: fleet.repositoryID, pipeline: "pr", trigger: "pull_request", branch: "main", commitSHA: commit,
            jobs: [JobDraft(stepKey: "test", label: "Test", spec: spec)])
        let build = try await database.createBuild(draft, audit: audit("build.create"))
        var jobs: [Int64] = []
        for attempt in attempts {
            let job = try #require(try await database.claimNextJob(agent: fleet.agent, leaseSeconds: 600, now: date))
            #expect(job.buildID == build.id)
            jobs.append(job.jobID)
            _ = try await database.startJob(id: job.jobID, agentID: fleet.agent.id, leaseSeconds: 600, now: date)
            if let tests = attempt.tests {
                let report = BuildReport(
                    dimensions: BuildDimensions(repository: "acme/app", pipeline: "pr", platform: .android), finishedAt: date, durationSeconds: 60,
                    outcome: attempt.state == .passed ? .success : .failure, tests: tests)
                _ = try await database.insertBuildReport(report, source: .job(job.jobID, build: build.id), waitedOn: true, now: date)
            }
            try await database.finishJob(id: job.jobID, agentID: fleet.agent.id, outcome: JobOutcome(state: attempt.state, exitStatus: attempt.exitStatus), now: date)
        }
        return (build.id, jobs)
    }

    /// The login suite's four tests: `rejects` failed or passed, `retries` flaky (failed, then
    /// passed on a retry) or passed, `biometrics` skipped, `logsIn` passed.
    static func loginTests(rejectsFails: Bool, retriesFlaky: Bool) -> TestSummary {
        let suite = "com.acme.LoginTest"
        let cases = [
            TestCaseResult(suite: suite, name: "logsIn", outcome: .passed, durationSeconds: 1.5),
            TestCaseResult(
                suite: suite, name: "rejects", outcome: rejectsFails ? .failed : .passed, durationSeconds: 0.5,
                message: rejectsFails ? "expected:<false> but was:<true>" : nil, file: "LoginTest.kt", line: 31),
            TestCaseResult(suite: suite, name: "biometrics", outcome: .skipped),
            TestCaseResult(suite: suite, name: "retries", outcome: retriesFlaky ? .flaky : .passed, attempts: retriesFlaky ? 2 : 1, durationSeconds: 2),
        ]
        return TestSummary(
            total: 4, passed: rejectsFails ? 2 : 3, failed: rejectsFails ? 1 : 0, skipped: 1, flaky: retriesFlaky ? 1 : 0,
            retried: retriesFlaky ? 1 : 0, durationSeconds: 4.5,
            failures: rejectsFails ? [TestFailure(suite: suite, name: "rejects", message: "expected:<false> but was:<true>")] : [], cases: cases,
            warnings: ["app/build/reports/index.xml: no JUnit elements"])
    }

    /// Another CI's report of one passed run of each test, `seconds` each.
    static func timedReport(_ durations: [String: Double], finishedAt: Date, repository: String = "acme/android") -> BuildReport {
        let cases = durations.keys.sorted().map { name in
            TestCaseResult(suite: "com.acme.CheckoutTest", name: name, outcome: .passed, durationSeconds: durations[name])
        }
        let tests = TestSummary(total: cases.count, passed: cases.count, durationSeconds: durations.values.reduce(0, +), cases: cases)
        return BuildReport(dimensions: BuildDimensions(repository: repository, pipeline: "pr"), finishedAt: finishedAt, durationSeconds: 60, outcome: .success, tests: tests)
    }

    /// Stores the reports of ``slowestAndRegressed(_:)``: `pays` doubles against the window
    /// before, `lists` barely moves, `exports` is new, `late` is dated ahead of the clock.
    static func timedHistory(_ database: FreshStore.Database) async throws {
        let day = 86_400.0
        for ago in [10.0, 9, 8] {
            _ = try await database.insertBuildReport(timedReport(["pays": 1.0, "lists": 0.5], finishedAt: at(-ago * day)), source: .api, waitedOn: false, now: t0)
        }
        for (ago, pays) in [(2.0, 2.0), (1, 2.1), (0.1, 1.9)] {
            _ = try await database.insertBuildReport(
                timedReport(["pays": pays, "lists": 0.52, "exports": 5], finishedAt: at(-ago * day)), source: .api, waitedOn: false, now: t0)
        }
        _ = try await database.insertBuildReport(timedReport(["pays": 30], finishedAt: at(-3_600), repository: "acme/ios"), source: .api, waitedOn: false, now: t0)
        _ = try await database.insertBuildReport(timedReport(["late": 9], finishedAt: at(600)), source: .api, waitedOn: false, now: t0)
    }

    // MARK: A build's tests

    @Test("a build's tests per job: failed first, then flaky, skipped, passed; failures only on request; totals; unknown build", arguments: StoreBackend.available)
    func buildTests(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let fleet = try await Self.fleet(database)
            let run = try await Self.runBuild(database, fleet: fleet, attempts: [Attempt(tests: Self.loginTests(rejectsFails: true, retriesFlaky: true))], at: Self.t0)
            let results = try #require(try await database.buildTests(buildID: run.build, failedOnly: false))
            #expect(results.buildID == run.build)
            #expect(results.totals == TestTotals(total: 4, passed: 2, failed: 1, skipped: 1, flaky: 1, retried: 1, durationSeconds: 4.5))
            let job = try #require(results.jobs.first)
            #expect(job.jobID == run.jobs[0] && job.stepKey == "test" && job.label == "Test" && job.attempt == 1 && job.state == "passed")
            #expect(job.tests.map(\.name) == ["rejects", "retries", "biometrics", "logsIn"])
            #expect(job.tests.map(\.outcome) == [.failed, .flaky, .skipped, .passed])
            let failed = try #require(job.tests.first)
            #expect(failed.suite == "com.acme.LoginTest" && failed.message == "expected:<false> but was:<true>")
            #expect(failed.file == "LoginTest.kt" && failed.line == 31 && failed.durationSeconds == 0.5)
            #expect(job.tests[1].attempts == 2)
            #expect(job.warnings == ["app/build/reports/index.xml: no JUnit elements"])

            let onlyFailed = try #require(try await database.buildTests(buildID: run.build, failedOnly: true))
            #expect(onlyFailed.jobs.first?.tests.map(\.name) == ["rejects"])
            #expect(onlyFailed.totals.total == 4, "totals are the job's, whatever is listed")
            #expect(try await database.buildTests(buildID: 999, failedOnly: false) == nil)
        }
    }

    @Test("a retried job lists every attempt, and the build's totals count only the current one", arguments: StoreBackend.available)
    func retriedAttempts(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let fleet = try await Self.fleet(database)
            let run = try await Self.runBuild(database, fleet: fleet, attempts: [
                Attempt(tests: Self.loginTests(rejectsFails: true, retriesFlaky: false), state: .failed, exitStatus: 2),
                Attempt(tests: Self.loginTests(rejectsFails: false, retriesFlaky: false)),
            ], at: Self.t0)
            let results = try #require(try await database.buildTests(buildID: run.build, failedOnly: false))
            #expect(results.jobs.map(\.jobID) == run.jobs)
            #expect(results.jobs.map(\.attempt) == [1, 2])
            #expect(results.jobs.map(\.state) == ["failed", "passed"])
            #expect(results.jobs.map(\.supersededBy) == [run.jobs[1], nil])
            #expect(results.jobs[0].tests.first?.name == "rejects" && results.jobs[0].tests.first?.outcome == .failed)
            #expect(results.jobs[1].tests.map(\.outcome) == [.skipped, .passed, .passed, .passed])
            #expect(results.totals == TestTotals(total: 4, passed: 3, failed: 0, skipped: 1, durationSeconds: 4.5))
        }
    }

    @Test("a job whose report has counts and failures but no cases lists its failures; a job without a report has no totals", arguments: StoreBackend.available)
    func failuresWithoutCases(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let fleet = try await Self.fleet(database)
            let summary = TestSummary(
                total: 3, passed: 2, failed: 1, durationSeconds: 7, failures: [TestFailure(suite: "LoginTests", name: "testRejects", message: "boom")])
            let reported = try await Self.runBuild(database, fleet: fleet, attempts: [Attempt(tests: summary)], at: Self.t0)
            let listed = try #require(try await database.buildTests(buildID: reported.build, failedOnly: false)?.jobs.first)
            #expect(listed.tests == [TestCaseResult(suite: "LoginTests", name: "testRejects", outcome: .failed, message: "boom")])
            #expect(listed.totals?.total == 3 && listed.warnings.isEmpty)

            let silent = try await Self.runBuild(database, fleet: fleet, attempts: [Attempt(tests: nil)], at: Self.at(60))
            let results = try #require(try await database.buildTests(buildID: silent.build, failedOnly: false))
            #expect(results.jobs.count == 1 && results.jobs[0].totals == nil && results.jobs[0].tests.isEmpty)
            #expect(results.totals == TestTotals())
        }
    }

    // MARK: Flaky tests

    @Test("a test that failed and passed on the same commit is flaky: flip rate, failures, commits, its runs newest first; announced once", arguments: StoreBackend.available)
    func flakyAcrossRuns(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let fleet = try await Self.fleet(database)
            let failing = Self.loginTests(rejectsFails: true, retriesFlaky: true)
            let first = try await Self.runBuild(database, fleet: fleet, attempts: [Attempt(tests: failing)], at: Self.t0)
            let before = try await database.flakyTests(TestMetricsQuery(), now: Self.at(60))
            #expect(before.tests.map(\.test.name) == ["retries"], "one failing build: only the in-report retry is flaky")

            let second = try await Self.runBuild(
                database, fleet: fleet, attempts: [Attempt(tests: Self.loginTests(rejectsFails: false, retriesFlaky: false))], at: Self.at(3_600))
            // Another commit failing is not a flip: it is the code that changed.
            _ = try await Self.runBuild(database, fleet: fleet, commit: String(repeating: "ab", count: 20), attempts: [Attempt(tests: failing)], at: Self.at(7_200))

            let flaky = try await database.flakyTests(TestMetricsQuery(days: 7), now: Self.at(10_000))
            // `retries` flipped twice in five attempts, `rejects` once in three.
            #expect(flaky.tests.map(\.test.name) == ["retries", "rejects"])
            let rejects = try #require(flaky.tests.last)
            #expect(rejects.test == TestIdentity(repository: "acme/app", suite: "com.acme.LoginTest", name: "rejects"))
            #expect(rejects.flips == 1 && rejects.attempts == 3 && rejects.failures == 2 && rejects.flakyCommits == 1)
            #expect(abs(rejects.flipRate - 1.0 / 3.0) < 1e-9)
            #expect(rejects.runs.map(\.buildID) == [second.build, first.build])
            #expect(rejects.runs.map(\.jobID) == [second.jobs[0], first.jobs[0]])
            #expect(rejects.runs.allSatisfy { $0.commit == Self.sha && $0.buildNumber != nil })
            #expect(rejects.lastSeenAt == Self.at(3_600))
            let retries = try #require(flaky.tests.first)
            #expect(retries.flips == 2 && retries.attempts == 5 && retries.flakyCommits == 2 && retries.failures == 2)

            let announced = try await database.notableEvents(limit: 50).filter { $0.kind == "test.flaky" }
            #expect(announced.map(\.title).sorted() == ["acme/app: com.acme.LoginTest.rejects is flaky", "acme/app: com.acme.LoginTest.retries is flaky"])
            let rejectsEvent = try #require(announced.first { $0.title.contains("rejects") })
            #expect(rejectsEvent.url == "/builds/\(second.build)")
            #expect(rejectsEvent.summary.hasPrefix("It failed and passed on the same commit \(String(Self.sha.prefix(12))) (pipeline pr, build #2)."))

            // Flipping again on the same commit is counted, not announced again.
            _ = try await Self.runBuild(database, fleet: fleet, attempts: [Attempt(tests: failing)], at: Self.at(10_800))
            let again = try await database.flakyTests(TestMetricsQuery(), now: Self.at(11_000))
            #expect(again.tests.first { $0.test.name == "rejects" }?.flips == 2)
            #expect(try await database.notableEvents(limit: 50).filter { $0.kind == "test.flaky" }.count == 2)
            #expect(try await database.flakyTests(TestMetricsQuery(repository: "acme/other"), now: Self.at(11_000)).tests.isEmpty)
            #expect(try await database.flakyTests(TestMetricsQuery(limit: 1), now: Self.at(11_000)).tests.count == 1)
            // A month later the window no longer holds it.
            #expect(try await database.flakyTests(TestMetricsQuery(), now: Self.at(40 * 86_400)).tests.isEmpty)
        }
    }

    // MARK: Durations

    @Test("slowest by median over the window, per repository or everywhere", arguments: StoreBackend.available)
    func slowest(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            try await Self.timedHistory(database)
            let slowest = try await database.slowestTests(TestMetricsQuery(days: 7, repository: "acme/android"), now: Self.t0)
            #expect(slowest.tests.map(\.test.name) == ["late", "exports", "pays", "lists"], "a report dated later today is in")
            let pays = slowest.tests[2]
            #expect(pays.p50Seconds == 2.0 && pays.p90Seconds == 2.1 && pays.maxSeconds == 2.1 && pays.runs == 3)
            #expect(pays.lastSeenAt == Self.at(-0.1 * 86_400))
            #expect(pays.slowestRun.finishedAt == Self.at(-86_400) && pays.slowestRun.buildID == nil)
            let everywhere = try await database.slowestTests(TestMetricsQuery(limit: 1), now: Self.t0)
            #expect(everywhere.tests.map(\.test.repository) == ["acme/ios"])
            #expect(everywhere.window.days == 7 && everywhere.window.end == Self.t0)
        }
    }

    @Test("regressed against the window before, past both thresholds and with enough runs in each", arguments: StoreBackend.available)
    func regressed(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            try await Self.timedHistory(database)
            let grown = try await database.regressedTests(TestMetricsQuery(days: 7, repository: "acme/android"), now: Self.t0)
            #expect(grown.tests.map(\.test.name) == ["pays"])
            let pays = try #require(grown.tests.first)
            #expect(pays.previousP50Seconds == 1.0 && pays.p50Seconds == 2.0 && pays.changePercent == 100)
            #expect(pays.previousRuns == 3 && pays.runs == 3 && pays.slowestRun.finishedAt == Self.at(-86_400))
            #expect(grown.minRuns == 3 && grown.minChangePercent == 20 && grown.minChangeSeconds == 0.1)

            let looser = try await database.regressedTests(
                TestMetricsQuery(repository: "acme/android", minChangePercent: 1, minChangeSeconds: 0.01), now: Self.t0)
            #expect(looser.tests.map(\.test.name) == ["pays", "lists"])
            #expect(try await database.regressedTests(TestMetricsQuery(repository: "acme/android", minRuns: 4), now: Self.t0).tests.isEmpty)
            #expect(try await database.regressedTests(TestMetricsQuery(repository: "acme/android", minChangeSeconds: 1.5), now: Self.t0).tests.isEmpty)
            #expect(try await database.regressedTests(TestMetricsQuery(repository: "acme/android", minChangePercent: 150), now: Self.t0).tests.isEmpty)
        }
    }

    // MARK: Retention

    @Test("pruning a report removes its test history: its runs leave the lists and the build's page", arguments: StoreBackend.available)
    func pruningRemovesHistory(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let fleet = try await Self.fleet(database)
            let run = try await Self.runBuild(database, fleet: fleet, attempts: [Attempt(tests: Self.loginTests(rejectsFails: true, retriesFlaky: true))], at: Self.t0)
            try await Self.timedHistory(database)
            #expect(try await store.rows(of: "metricTestCase") > 0)
            #expect(!(try await database.flakyTests(TestMetricsQuery(), now: Self.t0).tests.isEmpty))

            var pruned = 0
            for _ in 0..<10 {
                let deleted = try await database.pruneBuildReports(finishedBefore: Self.at(86_400), limit: 3)
                if deleted == 0 { break }
                #expect(deleted <= 3)
                pruned += deleted
            }
            #expect(pruned == 10, "the job's report, the build's own row and eight reports from another CI")
            #expect(try await store.rows(of: "metricTestCase") == 0)
            #expect(try await store.rows(of: "metricTestRun") == 0)
            #expect(try await store.rows(of: "metricTestSummary") == 0)
            #expect(try await database.flakyTests(TestMetricsQuery(), now: Self.t0).tests.isEmpty)
            #expect(try await database.slowestTests(TestMetricsQuery(), now: Self.t0).tests.isEmpty)
            #expect(try await database.regressedTests(TestMetricsQuery(minRuns: 1), now: Self.t0).tests.isEmpty)
            let page = try #require(try await database.buildTests(buildID: run.build, failedOnly: false))
            #expect(page.jobs.count == 1 && page.jobs[0].tests.isEmpty && page.jobs[0].totals == nil)
        }
    }
}
