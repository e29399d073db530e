import Core
import Foundation
import Testing
@testable import Store

/// Running one failed job of a build again by hand (`BuildStore.retryJob`), on every backend.
@Suite("Retrying one job in the store")
struct JobRetryStoreTests {
    static let t0 = Date(timeIntervalSince1970: 1_763_726_400)

    private static func at(_ seconds: TimeInterval) -> Date { t0.addingTimeInterval(seconds) }
    private static func audit(_ action: String, _ seconds: TimeInterval = 0) -> AuditEvent {
        AuditEvent(occurredAt: at(seconds), actor: "tester", action: action, subject: "s")
    }

    /// `build`, then `test` and `lint` waiting for it, then `archive` waiting for `test`.
    private static func draft(_ repository: Int64) -> BuildDraft {
        let ios = AgentRequirements(["platform": ["ios"]])
        return BuildDraft(repositoryID: repository, pipeline: "app-ci", trigger: "push", branch: "main", commitSHA: String(repeating: "e", count: 40), jobs: [
            JobDraft(stepKey: "build", label: "Build", spec: JobSpec(commands: ["make"], requirements: ios)),
            JobDraft(stepKey: "test", label: "Test", spec: JobSpec(commands: ["make test"], requirements: ios, dependsOn: ["build"])),
            JobDraft(stepKey: "archive", label: "Archive", spec: JobSpec(commands: ["make archive"], requirements: ios, dependsOn: ["test"])),
        ])
    }

    /// A repository, one iOS agent, and the pending build of `draft` in that repository.
    private static func pendingBuild(_ store: FreshStore) async throws -> (build: Build, agent: Agent) {
        let repository = try await store.database.createRepository(
            name: "acme/app", provider: .github, cloneURL: "https://example.com/acme/app.git", defaultBranch: "main",
            webhookSecret: "secret-secret-secret", audit: audit("repository.create")).id
        _ = try await store.database.createRegistrationToken(id: "reg", name: "fleet", secretHash: "h", audit: audit("agent_token.create"))
        let agent = try await store.database.registerAgent(
            AgentRegistration(name: "mac", tags: ["platform": "ios"], slots: 1), registrationTokenID: "reg", tokenID: "t", secretHash: "h", now: t0)
        return (try await store.database.createBuild(draft(repository), audit: audit("build.create")), agent)
    }

    /// Claims, starts and ends the next job as `state`; answers its id.
    private static func run(_ queue: FreshStore.Database, _ agent: Agent, _ state: JobState, at seconds: TimeInterval) async throws -> Int64 {
        let job = try #require(try await queue.claimNextJob(agent: agent, leaseSeconds: 60, now: at(seconds)))
        _ = try await queue.startJob(id: job.jobID, agentID: agent.id, leaseSeconds: 60, now: at(seconds))
        try await queue.finishJob(id: job.jobID, agentID: agent.id, outcome: JobOutcome(state: state, exitStatus: state == .passed ? 0 : 1), now: at(seconds + 5))
        return job.jobID
    }

    @Test("a failed job runs again as a new attempt with the jobs its failure canceled, which wait for it; the build runs again and passes", arguments: StoreBackend.available)
    func retriesWithCanceledDependents(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let queue = store.database
            let (build, agent) = try await Self.pendingBuild(store)
            let failed = try await Self.run(queue, agent, .failed, at: 1)
            let ended = try #require(try await queue.build(id: build.id))
            #expect(ended.state == .failed && ended.finishedAt != nil)
            #expect(ended.jobs?.map(\.state) == [.failed, .canceled, .canceled])

            let retried = try await queue.retryJob(id: failed, now: Self.at(100), audit: Self.audit("job.retry", 100))
            #expect(retried.state == .pending && retried.finishedAt == nil, "unfinished again")
            let current = (retried.jobs ?? []).filter { $0.supersededBy == nil }
            #expect(current.map(\.stepKey) == ["build", "test", "archive"])
            #expect(current.map(\.attempt) == [2, 2, 2])
            #expect(current.map(\.state) == [.pending, .pending, .pending])
            #expect(current.dropFirst().allSatisfy { $0.pendingReason?.hasPrefix("waiting for step") == true }, "\(current.map(\.pendingReason))")
            #expect(try await queue.auditEvents(limit: 5).first?.action == "job.retry")

            // Only the retried job is claimable; the others follow it as before.
            let again = try await Self.run(queue, agent, .passed, at: 110)
            #expect(again == current[0].id)
            #expect(try await Self.run(queue, agent, .passed, at: 120) == current[1].id)
            #expect(try await Self.run(queue, agent, .passed, at: 130) == current[2].id)
            let passed = try #require(try await queue.build(id: build.id))
            #expect(passed.state == .passed && passed.finishedAt == Self.at(135))

            await #expect(throws: StoreError.conflict("job \(failed) was already run again as a later attempt: retry that one")) {
                try await queue.retryJob(id: failed, now: Self.at(200), audit: Self.audit("job.retry", 200))
            }
            await #expect(throws: StoreError.conflict("job \(again) is passed: only a failed, timed-out or lost job is retried")) {
                try await queue.retryJob(id: again, now: Self.at(200), audit: Self.audit("job.retry", 200))
            }
            await #expect(throws: StoreError.notFound("no job with id 999999")) {
                try await queue.retryJob(id: 999_999, now: Self.at(200), audit: Self.audit("job.retry", 200))
            }
        }
    }

    @Test("a job of a canceled build is not retried: the build is", arguments: StoreBackend.available)
    func canceledBuild(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let queue = store.database
            let (build, agent) = try await Self.pendingBuild(store)
            let job = try #require(try await queue.claimNextJob(agent: agent, leaseSeconds: 60, now: Self.at(1)))
            _ = try await queue.cancelBuild(id: build.id, reason: "canceled by tester", audit: Self.audit("build.cancel", 2))
            try await queue.finishJob(id: job.jobID, agentID: agent.id, outcome: JobOutcome(state: .failed, exitStatus: 143), now: Self.at(3))
            await #expect(throws: StoreError.conflict("build \(build.id) was canceled (canceled by tester): retry the build instead")) {
                try await queue.retryJob(id: job.jobID, now: Self.at(10), audit: Self.audit("job.retry", 10))
            }
        }
    }
}
