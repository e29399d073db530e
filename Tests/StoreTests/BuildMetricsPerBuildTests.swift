import BuildMetrics
import Core
import Foundation
import Testing
@testable import Store

/// A MobileOps build of several jobs counts as one build of the metrics, on every backend.
@Suite("Build metrics count builds, not jobs")
struct BuildMetricsPerBuildTests {
    /// Noon UTC, so every time of the test falls on one day.
    static let t0 = Date(timeIntervalSince1970: 1_763_726_400)

    private static func at(_ seconds: Double) -> Date { t0.addingTimeInterval(seconds) }

    private static func audit(_ action: String) -> AuditEvent { AuditEvent(occurredAt: t0, actor: "t", action: action, subject: "s") }

    private static func report(platform: Platform, tasks: [TaskRecord], seconds: Double) -> BuildReport {
        BuildReport(
            dimensions: BuildDimensions(repository: "acme/app", platform: platform), durationSeconds: seconds, outcome: .success, tasks: tasks)
    }

    /// A pull-request build of `main` with an iOS and an Android job: created at 0 s; the iOS
    /// job assigned at 10 s, started at 12 s, passed at 40 s; the Android job assigned at 20 s,
    /// started at 25 s, failed at 70 s. Each job's agent report is stored before its finish.
    static func twoJobBuild(_ database: FreshStore.Database) async throws -> Int64 {
        let repositoryID = try await database.createRepository(
            name: "acme/app", provider: .github, cloneURL: "file:///tmp/acme", defaultBranch: "main",
            webhookSecret: "secret-secret-secret", audit: audit("repository.create")
        ).id
        let jobs = ["ios", "android"].map { key in
            JobDraft(stepKey: key, label: key, spec: JobSpec(commands: ["echo \(key)"], requirements: AgentRequirements([:])))
        }
        let draft = BuildDraft(
            repositoryID: repositoryID, pipeline: "app-pr", trigger: "pull_request", branch: "main",
            commitSHA: String(repeating: "b", count: 40), pullRequest: 7, jobs: jobs)
        let build = try await database.createBuild(draft, audit: audit("build.create"))
        let token = try await database.createRegistrationToken(id: "reg-1", name: "reg", secretHash: "h", audit: audit("agent_token.create"))
        let agent = try await database.registerAgent(
            AgentRegistration(name: "mac", tags: [:], slots: 2), registrationTokenID: token.id, tokenID: "agent-1", secretHash: "h", now: t0)
        let first = try #require(try await database.claimNextJob(agent: agent, leaseSeconds: 600, now: at(10)))
        _ = try await database.startJob(id: first.jobID, agentID: agent.id, leaseSeconds: 600, now: at(12))
        let second = try #require(try await database.claimNextJob(agent: agent, leaseSeconds: 600, now: at(20)))
        _ = try await database.startJob(id: second.jobID, agentID: agent.id, leaseSeconds: 600, now: at(25))
        let ios = report(platform: .ios, tasks: [TaskRecord(name: ":a", outcome: .fromCache, cacheKind: .remote), TaskRecord(name: ":b", outcome: .executed)], seconds: 28)
        let android = report(platform: .android, tasks: [TaskRecord(name: ":c", outcome: .executed)], seconds: 45)
        let context = try await database.jobMetricsContext(jobID: first.jobID, agentID: agent.id)
        #expect(context.buildID == build.id && context.repository == "acme/app" && context.pipeline == "app-pr" && context.branch == "main")
        #expect(context.queueSeconds == 10 && context.startedAt == at(12) && context.waitedOn)
        await #expect(throws: StoreError.jobNotHeld(jobID: first.jobID)) { try await database.jobMetricsContext(jobID: first.jobID, agentID: agent.id + 1) }
        _ = try await database.insertBuildReport(ios, source: .job(first.jobID, build: build.id), waitedOn: true, now: at(39))
        try await database.finishJob(id: first.jobID, agentID: agent.id, outcome: JobOutcome(state: .passed, exitStatus: 0), now: at(40))
        await #expect(throws: StoreError.jobNotHeld(jobID: first.jobID), "a finished job is held no more") {
            try await database.jobMetricsContext(jobID: first.jobID, agentID: agent.id)
        }
        _ = try await database.insertBuildReport(android, source: .job(second.jobID, build: build.id), waitedOn: true, now: at(69))
        try await database.finishJob(id: second.jobID, agentID: agent.id, outcome: JobOutcome(state: .failed, exitStatus: 1), now: at(70))
        return build.id
    }

    @Test("a build of two jobs is one build: queue, run and total from its jobs, task counts summed", arguments: StoreBackend.available)
    func twoJobsOneBuild(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let buildID = try await Self.twoJobBuild(database)
            let summary = try await database.metricsSummary(MetricsQuery(days: 1, groupBy: .platform), now: Self.at(100))
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
            let cache = try await database.cacheReport(MetricsQuery(days: 1), now: Self.at(100))
            #expect(cache.overall.counts.fromCache == 1 && cache.overall.counts.executed == 2)
            #expect(cache.byBuildSystem.map(\.name) == ["other"])
            // The jobs' reports stay as the build's breakdown, with their tasks.
            #expect(try await store.count(
                sqlite: "SELECT COUNT(*) FROM metricBuild WHERE unit = 'job' AND ciBuildID = \(buildID)",
                postgres: "SELECT count(*) FROM metric_build WHERE unit = 'job' AND ci_build_id = \(buildID)") == 2)
            #expect(try await store.count(
                sqlite: "SELECT COUNT(*) FROM metricBuild WHERE unit = 'build'", postgres: "SELECT count(*) FROM metric_build WHERE unit = 'build'") == 1)
            #expect(try await store.rows(of: "metricTask") == 3)

            // Prometheus and the feed read the same figures.
            let finished = try await database.finishedBuilds(after: Self.t0, through: Self.at(100), limit: 10)
            #expect(finished.map(\.times) == [BuildTimes(queueSeconds: 10, runSeconds: 58, totalSeconds: 70)])
            let event = try #require(try await database.notableEvents(limit: 10).first { $0.kind == "build.failed" })
            #expect(event.summary.hasSuffix("Queue 10.00 s, run 58.00 s, total 1m 10s."))
            let dashboard = try await database.dashboardSnapshot(now: Self.at(100))
            let recent = try #require(dashboard.recentBuilds.first)
            #expect([recent.queueSeconds, recent.runSeconds, recent.totalSeconds] == [10, 58, 70])
            #expect(recent.repository == "acme/app" && recent.state == "failed" && recent.trigger == "pull_request")
            #expect(dashboard.trends.last?.count == 1 && dashboard.trends.count == DashboardTrends.days)
            #expect(dashboard.agents.agents.map(\.name) == ["mac"] && dashboard.queue.pending == 0)
            // The agent's failed job is its recent failure, for a day.
            let failure = try #require(dashboard.agents.agents.first?.recentFailures.first)
            #expect(failure.buildID == buildID && failure.state == "failed" && failure.finishedAt == Self.at(70))
            #expect(dashboard.agents.agents.first?.recentFailures.count == 1, "the passed job is no failure")
            let dayLater = try await database.dashboardSnapshot(now: Self.at(70 + 24 * 3600 + 1))
            #expect(dayLater.agents.agents.first?.recentFailures == [])
        }
    }

    @Test("a job's report is not a build; reports from the API are one build each", arguments: StoreBackend.available)
    func jobReportsAreNotBuilds(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let job = Self.report(platform: .ios, tasks: [], seconds: 5)
            _ = try await database.insertBuildReport(job, source: .job(1, build: 1), waitedOn: true, now: Self.t0)
            #expect(try await database.metricsSummary(MetricsQuery(days: 1), now: Self.t0).groups.first?.current.count == 0)
            var api = job
            api.queueSeconds = 3
            _ = try await database.insertBuildReport(api, source: .api, waitedOn: true, now: Self.t0)
            let current = try #require(try await database.metricsSummary(MetricsQuery(days: 1), now: Self.t0).groups.first?.current)
            #expect(current.count == 1)
            #expect(current.queue?.mean == 3 && current.run?.mean == 5 && current.total?.mean == 8)
        }
    }
}
