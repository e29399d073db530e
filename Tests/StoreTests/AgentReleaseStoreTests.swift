import Core
import Foundation
import Testing
@testable import Store

/// Jobs of an agent that left: a job handed to a poll whose agent was gone goes back to the
/// queue, and an agent that says it stopped is offline at once, through `JobQueue`, on every backend.
@Suite("Jobs of an agent that left, in the store")
struct AgentReleaseStoreTests {
    static let t0 = Date(timeIntervalSince1970: 1_763_726_400)
    static let sha = String(repeating: "e", count: 40)

    private static func at(_ seconds: TimeInterval) -> Date { t0.addingTimeInterval(seconds) }
    private static func audit(_ action: String) -> AuditEvent { AuditEvent(occurredAt: t0, actor: "tester", action: action, subject: "s") }

    /// A repository and two iOS agents with two slots each (tokens `t0`, `t1`).
    private static func fleet(_ store: FreshStore) async throws -> (repository: Int64, agents: [Agent]) {
        let repository = try await store.database.createRepository(
            name: "acme/app", provider: .github, cloneURL: "https://example.com/acme/app.git", defaultBranch: "main",
            webhookSecret: "secret-secret-secret", audit: audit("repository.create")).id
        _ = try await store.database.createRegistrationToken(id: "reg", name: "fleet", secretHash: "h", audit: audit("agent_token.create"))
        var agents: [Agent] = []
        for index in 0..<2 {
            agents.append(try await store.database.registerAgent(
                AgentRegistration(name: "mac-\(index)", tags: ["platform": "ios"], slots: 2), registrationTokenID: "reg",
                tokenID: "t\(index)", secretHash: "h", now: t0))
        }
        return (repository, agents)
    }

    /// Two independent iOS steps.
    private static func draft(_ repository: Int64) -> BuildDraft {
        let ios = AgentRequirements(["platform": ["ios"]])
        return BuildDraft(repositoryID: repository, pipeline: "app-ci", trigger: "push", branch: "main", commitSHA: sha, jobs: [
            JobDraft(stepKey: "unit", label: "Unit", spec: JobSpec(commands: ["make test"], requirements: ios)),
            JobDraft(stepKey: "lint", label: "Lint", spec: JobSpec(commands: ["make lint"], requirements: ios)),
        ])
    }

    @Test("an assigned job its agent never started goes back to the queue as attempt 1; a started one, or another agent's, does not", arguments: StoreBackend.available)
    func releaseAssigned(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let queue = store.database
            let (repository, agents) = try await Self.fleet(store)
            let build = try await queue.createBuild(Self.draft(repository), audit: Self.audit("build.create"))
            let claimed = try #require(try await queue.claimNextJob(agent: agents[0], leaseSeconds: 60, now: Self.at(1)))
            #expect(try await queue.build(id: build.id)?.state == .running)

            #expect(try await queue.releaseJob(id: claimed.jobID, agentID: agents[1].id, now: Self.at(2)) == false, "not the other agent's to give back")
            #expect(try await queue.releaseJob(id: claimed.jobID, agentID: agents[0].id, now: Self.at(2)))
            let released = try #require(try await queue.job(id: claimed.jobID))
            #expect(released.state == .pending && released.agentID == nil && released.attempt == 1)
            #expect(try await queue.build(id: build.id)?.state == .pending)

            let again = try #require(try await queue.claimNextJob(agent: agents[1], leaseSeconds: 60, now: Self.at(3)))
            #expect(again.jobID == claimed.jobID && again.attempt == 1, "the same job, no attempt spent")
            _ = try await queue.startJob(id: again.jobID, agentID: agents[1].id, leaseSeconds: 60, now: Self.at(4))
            #expect(try await queue.releaseJob(id: again.jobID, agentID: agents[1].id, now: Self.at(5)) == false, "a started job is not given back")
            #expect(try await queue.job(id: again.jobID)?.state == .running)
        }
    }

    @Test("a stopped agent is offline at once: its assigned job goes back, its running one is lost and retried, its token no longer works", arguments: StoreBackend.available)
    func stop(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0), presenceWindow: 60) { store async throws in
            let queue = store.database
            let (repository, agents) = try await Self.fleet(store)
            let build = try await queue.createBuild(Self.draft(repository), audit: Self.audit("build.create"))
            let running = try #require(try await queue.claimNextJob(agent: agents[0], leaseSeconds: 60, now: Self.at(1)))
            _ = try await queue.startJob(id: running.jobID, agentID: agents[0].id, leaseSeconds: 60, now: Self.at(1))
            let assigned = try #require(try await queue.claimNextJob(agent: agents[0], leaseSeconds: 60, now: Self.at(1)))

            let stopped = try await queue.stopAgent(id: agents[0].id, now: Self.at(2))
            #expect(stopped == AgentStopped(releasedJobs: [assigned.jobID], lostJobs: [running.jobID]))
            #expect(try await queue.agentCredentials(tokenID: "t0") == nil, "its token stops working")
            #expect(try await queue.agents().map(\.state) == ["offline", "idle"], "offline at once, not after the lease")
            #expect(try await queue.claimNextJob(agent: agents[0], leaseSeconds: 60, now: Self.at(2)) == nil)

            let jobs = try #require(try await queue.build(id: build.id)?.jobs)
            let back = try #require(jobs.first { $0.id == assigned.jobID })
            #expect(back.state == .pending && back.attempt == 1, "given back, no attempt spent")
            #expect(jobs.first { $0.id == running.jobID }?.state == .lost)
            let retry = try #require(jobs.first { $0.stepKey == running.stepKey && $0.attempt == 2 })
            #expect(retry.state == .pending)
            var claimed: [Int64] = []
            while let job = try await queue.claimNextJob(agent: agents[1], leaseSeconds: 60, now: Self.at(3)) { claimed.append(job.jobID) }
            #expect(Set(claimed) == [assigned.jobID, retry.id], "the other agent gets both at once")
            #expect(try await queue.stopAgent(id: agents[0].id, now: Self.at(4)) == AgentStopped(releasedJobs: [], lostJobs: []))
        }
    }
}
