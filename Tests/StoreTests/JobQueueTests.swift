import Core
import Foundation
import Testing
@testable import Store

/// Handing jobs to agents and what they report, through `JobQueue`, on every backend.
@Suite("The job queue in the store")
struct JobQueueTests {
    static let t0 = Date(timeIntervalSince1970: 1_763_726_400)
    static let sha = String(repeating: "d", count: 40)

    private static func at(_ seconds: TimeInterval) -> Date { t0.addingTimeInterval(seconds) }
    private static func audit(_ action: String) -> AuditEvent { AuditEvent(occurredAt: t0, actor: "tester", action: action, subject: "s") }

    /// A repository, a registration token, and one agent per tag set (two slots each).
    private static func fleet(_ store: FreshStore, agents: [[String: String]]) async throws -> (repository: Int64, agents: [Agent]) {
        let repository = try await store.database.createRepository(
            name: "acme/app", provider: .github, cloneURL: "https://example.com/acme/app.git", defaultBranch: "main",
            webhookSecret: "secret-secret-secret", audit: audit("repository.create")).id
        _ = try await store.database.createRegistrationToken(id: "reg", name: "fleet", secretHash: "h", audit: audit("agent_token.create"))
        var registered: [Agent] = []
        for (index, tags) in agents.enumerated() {
            registered.append(try await store.database.registerAgent(
                AgentRegistration(name: "agent-\(index)", tags: tags, slots: 2), registrationTokenID: "reg", tokenID: "t\(index)", secretHash: "h", now: t0))
        }
        return (repository, registered)
    }

    /// `build` then `test` (which waits for it), both on iOS, on `main`.
    private static func draft(_ repository: Int64, retry: RetryPolicy = .init()) -> BuildDraft {
        let ios = AgentRequirements(["platform": ["ios"]])
        return BuildDraft(repositoryID: repository, pipeline: "app-ci", trigger: "push", branch: "main", commitSHA: sha, env: ["FROM_BUILD": "1"], jobs: [
            JobDraft(stepKey: "build", label: "Build", spec: JobSpec(commands: ["make"], requirements: ios, env: ["STEP": "build"], retry: retry)),
            JobDraft(stepKey: "test", label: "Test", spec: JobSpec(commands: ["make test"], requirements: ios, dependsOn: ["build"])),
        ])
    }

    @Test("a matching agent gets the runnable job with its environment and checkout; a waiting step is released when its dependency passes; the build passes", arguments: StoreBackend.available)
    func happyPath(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let queue = store.database
            let (repository, agents) = try await Self.fleet(store, agents: [["platform": "android"], ["platform": "ios"]])
            let build = try await queue.createBuild(Self.draft(repository), audit: Self.audit("build.create"))
            #expect(try await queue.claimNextJob(agent: agents[0], leaseSeconds: 60, now: Self.at(1)) == nil, "no Android agent runs an iOS job")
            let first = try #require(try await queue.claimNextJob(agent: agents[1], leaseSeconds: 60, now: Self.at(1)))
            #expect(first.stepKey == "build")
            #expect(first.spec.env["STEP"] == "build" && first.spec.env["FROM_BUILD"] == "1")
            #expect(first.spec.env["MOBILE_OPS_BUILD_ID"] == "\(build.id)" && first.spec.env["MOBILE_OPS_JOB_ID"] == "\(first.jobID)")
            #expect(first.repository == CheckoutTarget(name: "acme/app", cloneURL: "https://example.com/acme/app.git", commitSHA: Self.sha, branch: "main"))
            #expect(try await queue.claimNextJob(agent: agents[1], leaseSeconds: 60, now: Self.at(1)) == nil, "test waits for build")
            #expect(try await queue.build(id: build.id)?.state == BuildState.running)

            #expect(try await queue.startJob(id: first.jobID, agentID: agents[1].id, leaseSeconds: 60, now: Self.at(2)).cancel == false)
            #expect(try await queue.heartbeat(jobID: first.jobID, agentID: agents[1].id, leaseSeconds: 60, now: Self.at(3)).cancel == false)
            _ = try await queue.appendLog(jobID: first.jobID, agentID: agents[1].id, sequence: 0, content: Array("one\n".utf8), now: Self.at(4))
            _ = try await queue.appendLog(jobID: first.jobID, agentID: agents[1].id, sequence: 0, content: Array("again\n".utf8), now: Self.at(4))
            _ = try await queue.appendLog(jobID: first.jobID, agentID: agents[1].id, sequence: 1, content: Array("two\n".utf8), now: Self.at(4))
            try await queue.finishJob(id: first.jobID, agentID: agents[1].id, outcome: JobOutcome(state: .passed, exitStatus: 0), now: Self.at(10))
            let log = try await queue.jobLog(jobID: first.jobID, after: nil)
            #expect(log.chunks.map { String(decoding: $0.content, as: UTF8.self) } == ["one\n", "two\n"])
            #expect(log.finished)
            #expect(try await queue.jobLog(jobID: first.jobID, after: 0).chunks.map(\.sequence) == [1])
            await #expect(throws: StoreError.jobNotHeld(jobID: first.jobID), "a finished job's log is closed") {
                try await queue.appendLog(jobID: first.jobID, agentID: agents[1].id, sequence: 2, content: Array("late\n".utf8), now: Self.at(10))
            }
            #expect(try await queue.jobLog(jobID: first.jobID, after: 1).chunks.isEmpty)

            let second = try #require(try await queue.claimNextJob(agent: agents[1], leaseSeconds: 60, now: Self.at(11)))
            #expect(second.stepKey == "test")
            _ = try await queue.startJob(id: second.jobID, agentID: agents[1].id, leaseSeconds: 60, now: Self.at(12))
            try await queue.finishJob(id: second.jobID, agentID: agents[1].id, outcome: JobOutcome(state: .passed, exitStatus: 0), now: Self.at(20))
            let passed = try #require(try await queue.build(id: build.id))
            #expect(passed.state == BuildState.passed)
            #expect(passed.startedAt == Self.at(1) && passed.finishedAt == Self.at(20))
            #expect(try await store.metricBuildSources() == ["build:\(build.id)"])
            await #expect(throws: StoreError.jobNotHeld(jobID: second.jobID)) {
                try await queue.heartbeat(jobID: second.jobID, agentID: agents[1].id, leaseSeconds: 60, now: Self.at(21))
            }
        }
    }

    @Test("a failed step cancels the steps waiting for it, fails the build, and a failed default-branch build is news", arguments: StoreBackend.available)
    func failure(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let queue = store.database
            let (repository, agents) = try await Self.fleet(store, agents: [["platform": "ios"]])
            let build = try await queue.createBuild(Self.draft(repository), audit: Self.audit("build.create"))
            let first = try #require(try await queue.claimNextJob(agent: agents[0], leaseSeconds: 60, now: Self.at(1)))
            _ = try await queue.startJob(id: first.jobID, agentID: agents[0].id, leaseSeconds: 60, now: Self.at(2))
            try await queue.finishJob(id: first.jobID, agentID: agents[0].id, outcome: JobOutcome(state: .failed, exitStatus: 2), now: Self.at(5))
            let failed = try #require(try await queue.build(id: build.id))
            #expect(failed.state == BuildState.failed)
            #expect(failed.jobs?.map(\.state) == [.failed, .canceled])
            #expect(try await queue.notableEvents(limit: 5).map(\.title) == ["acme/app app-ci #1 failed on main"])
        }
    }

    @Test("a job whose lease runs out is lost and retried as a new attempt another agent can claim", arguments: StoreBackend.available)
    func lostAndRetried(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let queue = store.database
            let (repository, agents) = try await Self.fleet(store, agents: [["platform": "ios"], ["platform": "ios"]])
            let build = try await queue.createBuild(Self.draft(repository), audit: Self.audit("build.create"))
            let first = try #require(try await queue.claimNextJob(agent: agents[0], leaseSeconds: 10, now: Self.at(1)))
            #expect(try await queue.expireLeases(now: Self.at(5)).isEmpty)
            #expect(try await queue.expireLeases(now: Self.at(12)) == [first.jobID])
            let retry = try #require(try await queue.claimNextJob(agent: agents[1], leaseSeconds: 10, now: Self.at(13)))
            #expect(retry.stepKey == "build" && retry.attempt == 2 && retry.jobID != first.jobID)
            let jobs = try #require(try await queue.build(id: build.id)?.jobs)
            #expect(jobs.first { $0.id == first.jobID }?.state == .lost)
            #expect(jobs.first { $0.id == first.jobID }?.supersededBy == retry.jobID)
        }
    }

    @Test("agents claiming at once never get the same job, and between them get every runnable one", arguments: StoreBackend.available)
    func racingClaims(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let queue = store.database
            let (repository, agents) = try await Self.fleet(store, agents: Array(repeating: ["platform": "ios"], count: 4).map { $0 })
            for _ in 0..<10 { _ = try await queue.createBuild(Self.draft(repository), audit: Self.audit("build.create")) }
            let claimed = try await withThrowingTaskGroup(of: [Int64].self) { group in
                for agent in agents {
                    group.addTask {
                        var mine: [Int64] = []
                        // Two slots each, so finish what is claimed to keep claiming.
                        while let job = try await queue.claimNextJob(agent: agent, leaseSeconds: 600, now: Self.at(1)) {
                            mine.append(job.jobID)
                            _ = try await queue.startJob(id: job.jobID, agentID: agent.id, leaseSeconds: 600, now: Self.at(2))
                            try await queue.finishJob(id: job.jobID, agentID: agent.id, outcome: JobOutcome(state: .passed, exitStatus: 0), now: Self.at(3))
                        }
                        return mine
                    }
                }
                return try await group.reduce(into: [Int64]()) { $0 += $1 }
            }
            #expect(claimed.count == 20, "claimed \(claimed.count) times")
            #expect(Set(claimed).count == 20, "a job was handed out twice")
        }
    }
}
