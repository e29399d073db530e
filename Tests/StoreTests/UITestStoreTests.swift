import Core
import Foundation
import Testing
@testable import Store

/// `ui_tests:` reports, and suite durations learnt from finished shards, on every backend.
struct UITestStoreTests {
    @Test("a finished shard's real time teaches its suites' durations; the next build's jobs carry them", arguments: StoreBackend.available)
    func learnsDurations(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store in
            let database = store.database
            let start = Date(timeIntervalSince1970: 1_800_000_000)
            let audit = AuditEvent(occurredAt: start, actor: "t", action: "build.create", subject: "build")
            let spec = JobSpec(commands: ["run"], uiTests: UITestSelection())
            func draft() -> BuildDraft {
                BuildDraft(repositoryID: nil, pipeline: "ios-pr", trigger: "manual", branch: "main", commitSHA: String(repeating: "a", count: 40),
                           jobs: [JobDraft(stepKey: "ui", label: "UI", spec: spec)])
            }
            let token = try await database.createRegistrationToken(id: "r1", name: "r", secretHash: "h", audit: audit)
            let agent = try await database.registerAgent(AgentRegistration(name: "a", tags: [:], slots: 1), registrationTokenID: token.id, tokenID: "t1", secretHash: "h", now: start)

            // The durations a job carries are those its agent is handed.
            let first = try await database.createBuild(draft(), audit: audit)
            let claimed = try #require(try await database.claimNextJob(agent: agent, leaseSeconds: 600, now: start))
            #expect(claimed.buildID == first.id)
            #expect(claimed.spec.uiTests?.durations == [:])
            _ = try await database.startJob(id: claimed.jobID, agentID: agent.id, leaseSeconds: 600, now: start)
            let report = UITestReport(
                mode: "selected", runAllReasons: [], selected: [], skipped: [], shardIndex: 0, shardCount: 1,
                shardSuites: ["CheckoutUITests", "ProfileUITests"], predictedSeconds: 120, warnings: []
            )
            try await database.recordUITestReport(jobID: claimed.jobID, agentID: agent.id, report: report, now: start)
            await #expect(throws: StoreError.jobNotHeld(jobID: claimed.jobID)) {
                try await database.recordUITestReport(jobID: claimed.jobID, agentID: agent.id + 99, report: report, now: start)
            }
            // The shard took 240 s against 120 s predicted: each suite (60 s by default) took 120 s.
            try await database.finishJob(id: claimed.jobID, agentID: agent.id, outcome: JobOutcome(state: .passed, exitStatus: 0), now: start.addingTimeInterval(240))

            let second = try await database.createBuild(draft(), audit: audit)
            let next = try #require(try await database.claimNextJob(agent: agent, leaseSeconds: 600, now: start.addingTimeInterval(241)))
            #expect(next.buildID == second.id)
            #expect(next.spec.uiTests?.durations == ["CheckoutUITests": 120, "ProfileUITests": 120])
            #expect(try await database.uiTestReports(buildID: first.id).map(\.report) == [report])
            await #expect(throws: StoreError.self) { try await database.uiTestReports(buildID: 9_999) }
        }
    }
}
