import Core
import Foundation
import GRDB
import Testing
@testable import Store

/// `ui_tests:` reports, and suite durations learnt from finished shards.
struct UITestStoreTests {
    @Test("a finished shard's real time teaches its suites' durations; the next build's jobs carry them")
    func learnsDurations() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = try AppDatabase.open(path: directory.path("db.sqlite"))
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let audit = AuditEvent(occurredAt: start, actor: "t", action: "build.create", subject: "build")
        let spec = JobSpec(commands: ["run"], uiTests: UITestSelection())
        func draft() -> BuildDraft {
            BuildDraft(repositoryID: nil, pipeline: "ios-pr", trigger: "manual", branch: "main", commitSHA: String(repeating: "a", count: 40),
                       jobs: [JobDraft(stepKey: "ui", label: "UI", spec: spec)])
        }
        func durations(_ build: Build) async throws -> [String: Double]? {
            try await database.read { db in
                try JobRecord.filter(Column("buildID") == build.id).fetchOne(db)?.spec().uiTests?.durations
            }
        }
        let first = try await database.createBuild(draft(), audit: audit)
        #expect(try await durations(first) == [:])

        let token = try await database.createRegistrationToken(id: "r1", name: "r", secretHash: "h", audit: audit)
        let agent = try await database.registerAgent(AgentRegistration(name: "a", tags: [:], slots: 1), registrationTokenID: token.id, tokenID: "t1", secretHash: "h", now: start)
        let claimed = try #require(try await database.claimNextJob(agent: agent, leaseSeconds: 600, now: start))
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
        #expect(try await durations(second) == ["CheckoutUITests": 120, "ProfileUITests": 120])
        #expect(try await database.uiTestReports(buildID: first.id).map(\.report) == [report])
        await #expect(throws: StoreError.self) { try await database.uiTestReports(buildID: 9_999) }
    }
}
