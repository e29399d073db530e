import Core
import Foundation
import Testing
@testable import Store

/// A step waiting for two steps whose jobs end at the same moment is released, on every
/// backend: on PostgreSQL each ending used to read the other job as still running, and the
/// waiting step was released by neither.
struct DependencyReleaseRaceTests {
    static let t0 = Date(timeIntervalSince1970: 1_763_726_400)

    @Test("two dependencies passing at once release the step that waits for both, every time", arguments: StoreBackend.available)
    func concurrentEndingsRelease(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let database = store.database
            let audit = AuditEvent(occurredAt: Self.t0, actor: "t", action: "a", subject: "s")
            _ = try await database.createRegistrationToken(id: "reg", name: "fleet", secretHash: "h", audit: audit)
            var agents: [Agent] = []
            for index in 0..<2 {
                agents.append(try await database.registerAgent(
                    AgentRegistration(name: "agent-\(index)", tags: [:], slots: 1), registrationTokenID: "reg", tokenID: "t\(index)", secretHash: "h", now: Self.t0))
            }
            for round in 0..<12 {
                let build = try await database.createBuild(BuildDraft(
                    repositoryID: nil, pipeline: "p", trigger: "manual", branch: "main", commitSHA: String(repeating: "e", count: 40), cancelSuperseded: false,
                    jobs: [JobDraft(stepKey: "ios", label: "iOS", spec: JobSpec(commands: ["true"])),
                           JobDraft(stepKey: "android", label: "Android", spec: JobSpec(commands: ["true"])),
                           JobDraft(stepKey: "slow", label: "Slow", spec: JobSpec(commands: ["true"], dependsOn: ["ios", "android"]))]),
                    audit: audit)
                var held: [(job: Int64, agent: Int64)] = []
                for agent in agents {
                    let job = try #require(try await database.claimNextJob(agent: agent, leaseSeconds: 600, now: Self.t0))
                    _ = try await database.startJob(id: job.jobID, agentID: agent.id, leaseSeconds: 600, now: Self.t0)
                    held.append((job.jobID, agent.id))
                }
                let (a, b) = (held[0], held[1])
                async let first: Void = database.finishJob(id: a.job, agentID: a.agent, outcome: JobOutcome(state: .passed, exitStatus: 0), now: Self.t0)
                async let second: Void = database.finishJob(id: b.job, agentID: b.agent, outcome: JobOutcome(state: .passed, exitStatus: 0), now: Self.t0)
                _ = try await (first, second)
                let next = try await database.claimNextJob(agent: agents[0], leaseSeconds: 600, now: Self.t0)
                #expect(next?.stepKey == "slow" && next?.buildID == build.id, "round \(round): the waiting step was not released")
                if let next { try await database.finishJob(id: next.jobID, agentID: agents[0].id, outcome: JobOutcome(state: .passed, exitStatus: 0), now: Self.t0) }
            }
        }
    }
}
