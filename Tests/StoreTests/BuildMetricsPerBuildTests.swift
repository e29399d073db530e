import BuildMetrics
import Core
import Foundation
import GRDB
import Testing
@testable import Store

@Suite("Build metrics count builds, not jobs")
struct BuildMetricsPerBuildTests {
    let directory: TemporaryDirectory
    let database: AppDatabase
    let repositoryID: Int64
    /// Noon UTC, so every time of the test falls on one day.
    let t0 = Date(timeIntervalSince1970: 1_763_726_400)

    init() throws {
        directory = try TemporaryDirectory()
        database = try AppDatabase.open(path: directory.path("db.sqlite"))
        repositoryID = try database.createRepository(
            name: "acme/app", provider: .github, cloneURL: "file:///tmp/acme", defaultBranch: "main",
            webhookSecret: "secret-secret-secret", audit: AuditEvent(occurredAt: t0, actor: "t", action: "a", subject: "s")
        ).id
    }

    private func at(_ seconds: Double) -> Date { t0.addingTimeInterval(seconds) }

    private func report(platform: Platform, tasks: [TaskRecord], seconds: Double) -> BuildReport {
        BuildReport(
            dimensions: BuildDimensions(repository: "acme/app", platform: platform), durationSeconds: seconds, outcome: .success, tasks: tasks)
    }

    /// A pull-request build of `main` with an iOS and an Android job: created at 0 s; the iOS
    /// job assigned at 10 s, started at 12 s, passed at 40 s; the Android job assigned at 20 s,
    /// started at 25 s, failed at 70 s. Each job's agent report is stored before its finish.
    private func twoJobBuild() async throws -> Int64 {
        let jobs = ["ios", "android"].map { key in
            JobDraft(stepKey: key, label: key, spec: JobSpec(commands: ["echo \(key)"], requirements: AgentRequirements([:])))
        }
        let draft = BuildDraft(
            repositoryID: repositoryID, pipeline: "app-pr", trigger: "pull_request", branch: "main",
            commitSHA: String(repeating: "b", count: 40), pullRequest: 7, jobs: jobs)
        let build = try database.createBuild(draft, audit: AuditEvent(occurredAt: t0, actor: "t", action: "build.create", subject: "build"))
        let token = try database.createRegistrationToken(
            id: "reg-1", name: "reg", secretHash: "h", audit: AuditEvent(occurredAt: t0, actor: "t", action: "a", subject: "s"))
        let agent = try database.registerAgent(
            AgentRegistration(name: "mac", tags: [:], slots: 2), registrationTokenID: token.id, tokenID: "agent-1", secretHash: "h", now: t0)
        let first = try #require(try database.claimNextJob(agent: agent, leaseSeconds: 600, now: at(10)))
        _ = try database.startJob(id: first.jobID, agentID: agent.id, leaseSeconds: 600, now: at(12))
        let second = try #require(try database.claimNextJob(agent: agent, leaseSeconds: 600, now: at(20)))
        _ = try database.startJob(id: second.jobID, agentID: agent.id, leaseSeconds: 600, now: at(25))
        let ios = report(platform: .ios, tasks: [TaskRecord(name: ":a", outcome: .fromCache, cacheKind: .remote), TaskRecord(name: ":b", outcome: .executed)], seconds: 28)
        let android = report(platform: .android, tasks: [TaskRecord(name: ":c", outcome: .executed)], seconds: 45)
        _ = try await database.insertBuildReport(ios, source: .job(first.jobID, build: build.id), waitedOn: true, now: at(39))
        try database.finishJob(id: first.jobID, agentID: agent.id, outcome: JobOutcome(state: .passed, exitStatus: 0), now: at(40))
        _ = try await database.insertBuildReport(android, source: .job(second.jobID, build: build.id), waitedOn: true, now: at(69))
        try database.finishJob(id: second.jobID, agentID: agent.id, outcome: JobOutcome(state: .failed, exitStatus: 1), now: at(70))
        return build.id
    }

    private func count(_ sql: String) throws -> Int {
        try database.writer.read { db in try Int.fetchOne(db, sql: sql) ?? 0 }
    }

    @Test("a build of two jobs is one build: queue, run and total from its jobs, task counts summed")
    func twoJobsOneBuild() async throws {
        defer { directory.remove() }
        let buildID = try await twoJobBuild()
        let summary = try database.metricsSummary(MetricsQuery(days: 1, groupBy: .platform), now: at(100))
        // The jobs ran on different platforms, so the build has none.
        #expect(summary.groups.map(\.key) == ["(none)"])
        let current = try #require(summary.groups.first?.current)
        #expect(current.count == 1 && current.failed == 1 && current.succeeded == 0)
        // queue = 10 − 0, run = 70 − 12, total = 70 − 0 (means are exact).
        #expect(current.queue?.mean == 10)
        #expect(current.run?.mean == 58)
        #expect(current.total?.mean == 70)
        // A pull request is waited on for its total time.
        #expect(summary.waiting.waitedBuilds == 1)
        #expect(abs(summary.waiting.totalHours - 70.0 / 3_600) < 1e-12)
        let cache = try database.cacheReport(MetricsQuery(days: 1), now: at(100))
        #expect(cache.overall.counts.fromCache == 1 && cache.overall.counts.executed == 2)
        #expect(cache.byBuildSystem.map(\.name) == ["other"])
        // The jobs' reports stay as the build's breakdown, with their tasks.
        #expect(try count("SELECT COUNT(*) FROM metricBuild WHERE unit = 'job' AND ciBuildID = \(buildID)") == 2)
        #expect(try count("SELECT COUNT(*) FROM metricBuild WHERE unit = 'build'") == 1)
        #expect(try count("SELECT COUNT(*) FROM metricTask") == 3)

        // Prometheus and the feed read the same figures.
        let finished = try database.finishedBuilds(after: t0, through: at(100), limit: 10)
        #expect(finished.map(\.times) == [BuildTimes(queueSeconds: 10, runSeconds: 58, totalSeconds: 70)])
        let event = try #require(try database.notableEvents(limit: 10).first { $0.kind == "build.failed" })
        #expect(event.summary.hasSuffix("Queue 10.00 s, run 58.00 s, total 1m 10s."))
        let recent = try #require(try database.dashboardSnapshot(now: at(100)).recentBuilds.first)
        #expect([recent.queueSeconds, recent.runSeconds, recent.totalSeconds] == [10, 58, 70])
    }

    @Test("a job's report is not a build; reports from the API are one build each")
    func jobReportsAreNotBuilds() async throws {
        defer { directory.remove() }
        let job = report(platform: .ios, tasks: [], seconds: 5)
        _ = try await database.insertBuildReport(job, source: .job(1, build: 1), waitedOn: true, now: t0)
        #expect(try database.metricsSummary(MetricsQuery(days: 1), now: t0).groups.first?.current.count == 0)
        var api = job
        api.queueSeconds = 3
        _ = try await database.insertBuildReport(api, source: .api, waitedOn: true, now: t0)
        let current = try #require(try database.metricsSummary(MetricsQuery(days: 1), now: t0).groups.first?.current)
        #expect(current.count == 1)
        #expect(current.queue?.mean == 3 && current.run?.mean == 5 && current.total?.mean == 8)
    }
}
