import Core
import Foundation
import Testing
@testable import Store

/// Findings an agent sends for the job it holds (`replaceJobFindings`), on every backend.
@Suite("Job findings in the store")
struct JobFindingStoreTests {
    static let t0 = Date(timeIntervalSince1970: 1_763_726_400)
    private static func audit(_ action: String) -> AuditEvent { AuditEvent(occurredAt: t0, actor: "t", action: action, subject: "s") }

    private static func finding(_ rule: String, line: Int = 3) -> StoredFinding {
        StoredFinding(tool: "detekt", ruleID: rule, level: "error", message: "\(rule)!", path: "app/Main.kt", line: line, fingerprint: "fp-\(rule)-\(line)")
    }

    private static func agent(_ name: String, in database: FreshStore.Database, token: String) async throws -> Agent {
        try await database.registerAgent(AgentRegistration(name: name, tags: [:], slots: 2), registrationTokenID: token, tokenID: "agent-\(name)", secretHash: "h", now: t0)
    }

    @Test("only the agent holding a running job stores its findings, under the job's step and shard", arguments: StoreBackend.available)
    func heldJobsOnly(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let database = store.database
            let repositoryID = try await database.createRepository(
                name: "acme/app", provider: .github, cloneURL: "file:///tmp/acme", defaultBranch: "main",
                webhookSecret: "secret-secret-secret", audit: Self.audit("repository.create")
            ).id
            let token = try await database.createRegistrationToken(id: "reg-1", name: "reg", secretHash: "h", audit: Self.audit("agent_token.create"))
            let holder = try await Self.agent("holder", in: database, token: token.id)
            let other = try await Self.agent("other", in: database, token: token.id)
            let spec = JobSpec(commands: ["detekt"], findings: FindingsStep(reports: ["r.sarif"]))
            let draft = BuildDraft(
                repositoryID: repositoryID, pipeline: "lint", trigger: "push", branch: "main", commitSHA: String(repeating: "a", count: 40),
                jobs: [JobDraft(stepKey: "lint", label: "lint 1", shardIndex: 0, shardCount: 2, spec: spec),
                       JobDraft(stepKey: "lint", label: "lint 2", shardIndex: 1, shardCount: 2, spec: spec)])
            let build = try await database.createBuild(draft, audit: Self.audit("build.create")).id
            let first = try #require(try await database.claimNextJob(agent: holder, leaseSeconds: 600, now: Self.t0)).jobID
            let second = try #require(try await database.claimNextJob(agent: holder, leaseSeconds: 600, now: Self.t0)).jobID

            // Assigned counts as held; a second post of the same report replaces the first.
            #expect(try await database.replaceJobFindings(jobID: first, agentID: holder.id, report: "r.sarif", findings: [Self.finding("A"), Self.finding("B")], at: Self.t0) == build)
            _ = try await database.startJob(id: first, agentID: holder.id, leaseSeconds: 600, now: Self.t0)
            #expect(try await database.replaceJobFindings(jobID: first, agentID: holder.id, report: "r.sarif", findings: [Self.finding("A")], at: Self.t0) == build)
            // The other shard's report at the same path is kept apart.
            _ = try await database.replaceJobFindings(jobID: second, agentID: holder.id, report: "r.sarif", findings: [Self.finding("C")], at: Self.t0)
            #expect(try await database.findings(buildID: build).map(\.ruleID).sorted() == ["A", "C"])
            // Stored under the job key and the report: the API's source of that name is the same report.
            try await database.replaceFindings(buildID: build, source: StoredFinding.jobSource(stepKey: "lint", shardIndex: 1, shardCount: 2, report: "r.sarif"), findings: [], at: Self.t0)
            #expect(try await database.findings(buildID: build).map(\.ruleID) == ["A"])

            await #expect(throws: StoreError.jobNotHeld(jobID: first)) {
                try await database.replaceJobFindings(jobID: first, agentID: other.id, report: "r.sarif", findings: [Self.finding("X")], at: Self.t0)
            }
            await #expect(throws: StoreError.jobNotHeld(jobID: 999)) {
                try await database.replaceJobFindings(jobID: 999, agentID: holder.id, report: "r.sarif", findings: [Self.finding("X")], at: Self.t0)
            }
            try await database.finishJob(id: first, agentID: holder.id, outcome: JobOutcome(state: .passed, exitStatus: 0), now: Self.t0)
            await #expect(throws: StoreError.jobNotHeld(jobID: first)) {
                try await database.replaceJobFindings(jobID: first, agentID: holder.id, report: "r.sarif", findings: [], at: Self.t0)
            }
            #expect(try await database.findings(buildID: build).map(\.ruleID) == ["A"], "refused posts change nothing")

            // An agent's suppressed findings keep their suppression.
            var suppressed = Self.finding("S", line: 4), reviewed = Self.finding("R", line: 5)
            suppressed.suppression = FindingSuppression.accepted.rawValue
            reviewed.suppression = FindingSuppression.underReview.rawValue
            _ = try await database.replaceJobFindings(jobID: second, agentID: holder.id, report: "r.sarif", findings: [suppressed, reviewed], at: Self.t0)
            #expect(try await database.findings(buildID: build).filter { $0.ruleID != "A" } == [suppressed, reviewed])
        }
    }

    @Test func sourcesNameTheJobAndTheReport() {
        #expect(StoredFinding.jobSource(stepKey: "lint", shardIndex: 0, shardCount: 1, report: "build/detekt.sarif") == "lint: build/detekt.sarif")
        #expect(StoredFinding.jobSource(stepKey: "lint", shardIndex: 1, shardCount: 3, report: "a.xml") == "lint#2: a.xml")
    }
}
