import Core
import Foundation
import Testing
@testable import Store

/// What agents store beside their jobs (artifacts, UI-test selections), scheduled builds, and
/// the operational figures, through their protocols, on every backend.
@Suite("Schedules, artifacts, UI-test reports and operational figures in the store")
struct FleetWorkTests {
    static let t0 = Date(timeIntervalSince1970: 1_763_726_400)

    private static func at(_ seconds: TimeInterval) -> Date { t0.addingTimeInterval(seconds) }
    private static func audit(_ action: String) -> AuditEvent { AuditEvent(occurredAt: t0, actor: "tester", action: action, subject: "s") }

    /// A repository, an agent, and a one-job build the agent holds: answers the repository, agent and job ids.
    private static func heldJob(_ store: FreshStore) async throws -> (repository: Int64, agent: Agent, job: JobAssignment) {
        let database = store.database
        let repository = try await database.createRepository(
            name: "acme/app", provider: .github, cloneURL: "u", defaultBranch: "main", webhookSecret: "s", audit: audit("repository.create")).id
        _ = try await database.createRegistrationToken(id: "reg", name: "fleet", secretHash: "h", audit: audit("agent_token.create"))
        let agent = try await database.registerAgent(AgentRegistration(name: "mac", tags: [:], slots: 1), registrationTokenID: "reg", tokenID: "t", secretHash: "h", now: t0)
        let draft = BuildDraft(repositoryID: repository, pipeline: "ui", trigger: "push", branch: "main", commitSHA: String(repeating: "e", count: 40),
                               jobs: [JobDraft(stepKey: "ui", label: "UI", spec: JobSpec(commands: ["test"]))])
        _ = try await database.createBuild(draft, audit: audit("build.create"))
        let job = try #require(try await database.claimNextJob(agent: agent, leaseSeconds: 600, now: at(1)))
        return (repository, agent, job)
    }

    @Test("a schedule fires once per occurrence, not for the past when first seen", arguments: StoreBackend.available)
    func schedules(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let database = store.database
            let draft = BuildDraft(repositoryID: nil, pipeline: "nightly", trigger: "schedule", branch: "main", commitSHA: "main",
                                   jobs: [JobDraft(stepKey: "n", label: "N", spec: JobSpec(commands: ["x"]))])
            func run(_ occurrence: TimeInterval?, now: TimeInterval) async throws -> Build? {
                try await database.runScheduleIfDue(
                    pipeline: "nightly", repository: "", occurrence: occurrence.map(Self.at), now: Self.at(now), draft: draft, audit: Self.audit("build.create"))
            }
            #expect(try await run(-3_600, now: 0) == nil, "first seen: the past does not fire")
            let fired = try #require(try await run(100, now: 120))
            #expect(fired.pipeline == "nightly" && fired.trigger == "schedule")
            #expect(try await run(100, now: 130) == nil, "the same occurrence never fires twice")
            #expect(try await run(200, now: 150) == nil, "an occurrence after now is not due")
            #expect(try await run(200, now: 210)?.number == 2)
        }
    }

    @Test("an artifact is recorded for a held job, replaced by path, listed by path; an agent that does not hold the job is refused", arguments: StoreBackend.available)
    func artifacts(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let database = store.database
            let (_, agent, job) = try await Self.heldJob(store)
            let first = try await database.recordArtifact(jobID: job.jobID, agentID: agent.id, path: "b/app.ipa", size: 10, sha256: "aa", storedAs: "f1", now: Self.at(2))
            #expect(first.replaced == nil)
            _ = try await database.recordArtifact(jobID: job.jobID, agentID: agent.id, path: "a/log.txt", size: 3, sha256: "bb", storedAs: "f2", now: Self.at(2))
            let again = try await database.recordArtifact(jobID: job.jobID, agentID: agent.id, path: "b/app.ipa", size: 12, sha256: "cc", storedAs: "f3", now: Self.at(3))
            #expect(again.replaced == "f1")
            #expect(try await database.artifacts(jobID: job.jobID).map(\.path) == ["a/log.txt", "b/app.ipa"])
            let stored = try #require(try await database.artifact(id: again.artifact.id))
            #expect(stored.storedAs == "f3" && stored.artifact.size == 12 && stored.artifact == again.artifact)
            #expect(try await database.artifact(id: first.artifact.id) == nil)
            await #expect(throws: StoreError.jobNotHeld(jobID: job.jobID)) {
                try await database.recordArtifact(jobID: job.jobID, agentID: agent.id + 1, path: "x", size: 1, sha256: "x", storedAs: "x", now: Self.at(4))
            }
            await #expect(throws: StoreError.notFound("no job with id 999")) { try await database.artifacts(jobID: 999) }
        }
    }

    @Test("a UI-test report is stored for a held job, replaced on resend, and listed for its build", arguments: StoreBackend.available)
    func uiTestReports(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let database = store.database
            let (_, agent, job) = try await Self.heldJob(store)
            let report = UITestReport(mode: "selected", runAllReasons: [], selected: [], skipped: [], shardIndex: 0, shardCount: 1, shardSuites: ["LoginTests"], predictedSeconds: 30, warnings: [])
            try await database.recordUITestReport(jobID: job.jobID, agentID: agent.id, report: report, now: Self.at(2))
            var resent = report
            resent.shardSuites = ["LoginTests", "CartTests"]
            try await database.recordUITestReport(jobID: job.jobID, agentID: agent.id, report: resent, now: Self.at(3))
            #expect(try await database.uiTestReports(buildID: job.buildID) == [JobUITestReport(jobID: job.jobID, stepKey: "ui", report: resent)])
            await #expect(throws: StoreError.notFound("no build with id 999")) { try await database.uiTestReports(buildID: 999) }
        }
    }

    @Test("the operational figures count pending and running jobs and agents by presence; finished builds come with their times", arguments: StoreBackend.available)
    func operations(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let database = store.database
            let (_, agent, job) = try await Self.heldJob(store)
            let counts = try await database.operationalCounts(now: Self.at(2))
            #expect(counts.pendingJobs == 0 && counts.runningJobs == 1)
            #expect(counts.agentsByState["busy"] == 1)
            _ = try await database.startJob(id: job.jobID, agentID: agent.id, leaseSeconds: 600, now: Self.at(2))
            try await database.finishJob(id: job.jobID, agentID: agent.id, outcome: JobOutcome(state: .passed, exitStatus: 0), now: Self.at(12))
            let finished = try await database.finishedBuilds(after: Self.at(0), through: Self.at(100), limit: 10)
            #expect(finished.map(\.id) == [job.buildID])
            #expect(finished.first?.state == "passed")
            #expect(finished.first?.times.totalSeconds == 12)
            #expect(try await database.finishedBuilds(after: Self.at(12), through: Self.at(100), limit: 10).isEmpty)
        }
    }
}
