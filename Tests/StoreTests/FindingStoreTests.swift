import Core
import Foundation
import Testing
@testable import Store

/// Analysers' findings through `FindingStore`, on every backend.
@Suite("Findings in the store")
struct FindingStoreTests {
    /// Noon UTC (2025-11-21) on a whole second, so the day boundaries below are far from every build.
    static let t0 = Date(timeIntervalSince1970: 1_763_726_400)
    private static func at(_ hours: Double) -> Date { t0.addingTimeInterval(hours * 3_600) }
    /// An audit event of `action` at `t0` by actor `t`, as every findings store test records them.
    static func audit(_ action: String) -> AuditEvent { AuditEvent(occurredAt: t0, actor: "t", action: action, subject: "s") }
    /// The one SwiftLint force-cast error the merge-base and outbox tests report.
    static let forceCast = StoredFinding(
        tool: "SwiftLint", ruleID: "force_cast", level: "error", message: "Force casts should be avoided", path: "Sources/App/Login.swift",
        line: 12, fingerprint: "fp-force-cast")

    private static func finding(_ rule: String, path: String? = "Sources/App/Login.swift", line: Int? = 12, tool: String = "SwiftLint") -> StoredFinding {
        StoredFinding(tool: tool, ruleID: rule, level: "warning", message: "\(rule) here", path: path, line: line, fingerprint: "fp-\(tool)-\(rule)-\(line ?? 0)")
    }

    /// A repository whose builds have one job each, run by one agent.
    struct Fixture {
        let database: FreshStore.Database
        let repositoryID: Int64
        let agent: Agent

        static func make(_ database: FreshStore.Database) async throws -> Fixture {
            let repositoryID = try await database.createRepository(
                name: "acme/app", provider: .github, cloneURL: "file:///tmp/acme", defaultBranch: "main",
                webhookSecret: "secret-secret-secret", audit: audit("repository.create")
            ).id
            let token = try await database.createRegistrationToken(id: "reg-1", name: "reg", secretHash: "h", audit: audit("agent_token.create"))
            let agent = try await database.registerAgent(
                AgentRegistration(name: "linux", tags: [:], slots: 1), registrationTokenID: token.id, tokenID: "agent-1", secretHash: "h", now: t0)
            return Fixture(database: database, repositoryID: repositoryID, agent: agent)
        }

        /// A build of `branch` created at `hours`, finished as `state` unless nil (its job is
        /// the oldest pending one only when no unfinished build was made before it).
        func build(branch: String, hours: Double, finish state: JobState?, pipeline: String = "lint") async throws -> Int64 {
            let job = JobDraft(stepKey: "lint", label: "lint", spec: JobSpec(commands: ["swiftlint"], requirements: AgentRequirements([:])))
            let draft = BuildDraft(repositoryID: repositoryID, pipeline: pipeline, trigger: "push", branch: branch, commitSHA: String(repeating: "a", count: 40), jobs: [job])
            let build = try await database.createBuild(draft, audit: AuditEvent(occurredAt: at(hours), actor: "t", action: "build.create", subject: "s"))
            if let state {
                let job = try await startOldestJob(at: at(hours))
                try await finish(job: job, state, at: at(hours + 0.1))
            }
            return build.id
        }

        /// Claims and starts the oldest pending job for the agent at `time`; answers its id.
        func startOldestJob(at time: Date = t0) async throws -> Int64 {
            let claimed = try #require(try await database.claimNextJob(agent: agent, leaseSeconds: 600, now: time))
            _ = try await database.startJob(id: claimed.jobID, agentID: agent.id, leaseSeconds: 600, now: time)
            return claimed.jobID
        }

        /// Finishes the started job `job` as `state` (exit status 0 when passed, else 1) at `time`.
        func finish(job: Int64, _ state: JobState, at time: Date) async throws {
            try await database.finishJob(id: job, agentID: agent.id, outcome: JobOutcome(state: state, exitStatus: state == .passed ? 0 : 1), now: time)
        }
    }

    @Test("a report sent again replaces its own findings and no other report's; an unknown build is not found", arguments: StoreBackend.available)
    func replacePerSource(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let fixture = try await Fixture.make(store.database)
            let build = try await fixture.build(branch: "main", hours: 0, finish: nil)
            let database = store.database
            try await database.replaceFindings(buildID: build, source: "lint: swiftlint.json", findings: [Self.finding("line_length"), Self.finding("force_cast", path: nil, line: nil)], at: Self.t0)
            try await database.replaceFindings(buildID: build, source: "detekt", findings: [Self.finding("MagicNumber", path: "app/Main.kt", line: 3, tool: "detekt")], at: Self.t0)
            try await database.replaceFindings(buildID: build, source: "lint: swiftlint.json", findings: [Self.finding("line_length")], at: Self.t0)
            let stored = try await database.findings(buildID: build)
            // Sorted by tool as bytes: upper case first.
            #expect(stored == [Self.finding("line_length"), Self.finding("MagicNumber", path: "app/Main.kt", line: 3, tool: "detekt")])
            try await database.replaceFindings(buildID: build, source: "detekt", findings: [], at: Self.t0)
            #expect(try await database.findings(buildID: build).map(\.ruleID) == ["line_length"])
            let nilFields = Self.finding("force_cast", path: nil, line: nil)
            try await database.replaceFindings(buildID: build, source: "api", findings: [nilFields], at: Self.t0)
            #expect(try await database.findings(buildID: build).contains(nilFields), "a finding without a file or line keeps both absent")
            await #expect(throws: StoreError.notFound("build 999")) {
                try await database.replaceFindings(buildID: 999, source: "api", findings: [Self.finding("x")], at: Self.t0)
            }
        }
    }

    @Test("the baseline is the newest finished build of the branch with findings, before the pull request's", arguments: StoreBackend.available)
    func baseline(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let fixture = try await Fixture.make(store.database)
            let database = store.database
            let older = try await fixture.build(branch: "main", hours: 0, finish: .passed)
            let failed = try await fixture.build(branch: "main", hours: 1, finish: .failed)
            let withoutFindings = try await fixture.build(branch: "main", hours: 2, finish: .passed)
            let feature = try await fixture.build(branch: "feature/login", hours: 3, finish: .passed)
            // Another pipeline's newer build of main, with its own analyser's findings.
            let otherPipeline = try await fixture.build(branch: "main", hours: 3.5, finish: .passed, pipeline: "unit-tests")
            try await database.replaceFindings(buildID: otherPipeline, source: "detekt", findings: [Self.finding("MagicNumber")], at: Self.t0)
            // Unfinished builds last: the fixture's agent takes the oldest pending job.
            let running = try await fixture.build(branch: "main", hours: 4, finish: nil)
            for build in [older, failed, running, feature] {
                try await database.replaceFindings(buildID: build, source: "lint", findings: [Self.finding("line_length")], at: Self.t0)
            }
            _ = withoutFindings
            let pullRequest = try await fixture.build(branch: "feature/login", hours: 5, finish: nil)
            let main = FindingsTarget(repositoryID: fixture.repositoryID, branch: "main", pipeline: "lint")
            #expect(try await database.latestBuildWithFindings(main, beforeBuild: pullRequest) == failed)
            #expect(try await database.latestBuildWithFindings(main, beforeBuild: failed) == older)
            #expect(try await database.latestBuildWithFindings(main, beforeBuild: older) == nil)
            #expect(try await database.latestBuildWithFindings(FindingsTarget(repositoryID: fixture.repositoryID, branch: "release", pipeline: "lint"), beforeBuild: pullRequest) == nil)
            #expect(try await database.latestBuildWithFindings(FindingsTarget(repositoryID: fixture.repositoryID, branch: "main", pipeline: "unit-tests"), beforeBuild: pullRequest) == otherPipeline)
        }
    }

    @Test("a pull request is compared with its recorded target branch, any other build with its own branch", arguments: StoreBackend.available)
    func target(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let fixture = try await Fixture.make(store.database)
            let database = store.database
            func build(branch: String?, pullRequest: Int?, env: [String: String]) async throws -> Int64 {
                let job = JobDraft(stepKey: "lint", label: "lint", spec: JobSpec(commands: ["swiftlint"], requirements: AgentRequirements([:])))
                return try await database.createBuild(BuildDraft(
                    repositoryID: fixture.repositoryID, pipeline: "lint", trigger: pullRequest == nil ? "push" : "pull_request", branch: branch,
                    commitSHA: String(repeating: "a", count: 40), pullRequest: pullRequest, env: env, jobs: [job]), audit: Self.audit("build.create")).id
            }
            let pullRequest = try await build(branch: "feature/login", pullRequest: 7, env: [UITestSelection.baseBranchVariable: "develop", "OTHER": "x"])
            let push = try await build(branch: "feature/login", pullRequest: nil, env: [:])
            let unrecorded = try await build(branch: "feature/login", pullRequest: 8, env: [:])
            let branchless = try await build(branch: nil, pullRequest: nil, env: [:])
            #expect(try await database.findingsTarget(buildID: pullRequest) == FindingsTarget(
                repositoryID: fixture.repositoryID, branch: "develop", pipeline: "lint", isPullRequest: true))
            #expect(try await database.findingsTarget(buildID: push) == FindingsTarget(repositoryID: fixture.repositoryID, branch: "feature/login", pipeline: "lint"))
            #expect(try await database.findingsTarget(buildID: unrecorded) == nil)
            #expect(try await database.findingsTarget(buildID: branchless) == nil)
            #expect(try await database.findingsTarget(buildID: 999) == nil)
        }
    }

    @Test("the trend counts each day's newest finished build with findings of each pipeline, per tool and rule", arguments: StoreBackend.available)
    func trend(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let fixture = try await Fixture.make(store.database)
            let database = store.database
            let morning = try await fixture.build(branch: "main", hours: -2, finish: .passed)
            let evening = try await fixture.build(branch: "main", hours: 6, finish: .passed)
            let nextDay = try await fixture.build(branch: "main", hours: 24, finish: .failed)
            // Another pipeline's build on the second day: counted beside the lint build, not instead.
            let otherPipeline = try await fixture.build(branch: "main", hours: 24.5, finish: .passed, pipeline: "unit-tests")
            let unfinished = try await fixture.build(branch: "main", hours: 25, finish: nil)
            try await database.replaceFindings(buildID: morning, source: "lint", findings: [Self.finding("a", line: 1)], at: Self.t0)
            try await database.replaceFindings(buildID: evening, source: "lint", findings: [Self.finding("a", line: 1), Self.finding("a", line: 2), Self.finding("b")], at: Self.t0)
            try await database.replaceFindings(buildID: nextDay, source: "lint", findings: [Self.finding("b")], at: Self.t0)
            try await database.replaceFindings(buildID: otherPipeline, source: "lint", findings: [Self.finding("b"), Self.finding("d")], at: Self.t0)
            try await database.replaceFindings(buildID: unfinished, source: "lint", findings: [Self.finding("c")], at: Self.t0)
            let rows = try await database.findingTrend(repositoryID: fixture.repositoryID, branch: "main", from: Self.at(-12), to: Self.at(36))
            #expect(rows == [
                FindingTrendRow(day: "2025-11-21", tool: "SwiftLint", ruleID: "a", count: 2),
                FindingTrendRow(day: "2025-11-21", tool: "SwiftLint", ruleID: "b", count: 1),
                FindingTrendRow(day: "2025-11-22", tool: "SwiftLint", ruleID: "b", count: 2),
                FindingTrendRow(day: "2025-11-22", tool: "SwiftLint", ruleID: "d", count: 1),
            ])
            #expect(Set(try await database.findingTrend(repositoryID: fixture.repositoryID, branch: "main", from: Self.at(12), to: Self.at(36)).map(\.day)) == ["2025-11-22"])
        }
    }

    @Test("a finding's suppression is stored and read back; the trend leaves accepted suppressions out, not those under review",
          arguments: StoreBackend.available)
    func suppressions(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let fixture = try await Fixture.make(store.database)
            let database = store.database
            let build = try await fixture.build(branch: "main", hours: 0, finish: .passed)
            var accepted = Self.finding("a", line: 1), review = Self.finding("a", line: 2)
            accepted.suppression = FindingSuppression.accepted.rawValue
            review.suppression = FindingSuppression.underReview.rawValue
            let plain = Self.finding("a", line: 3), silenced = { var f = Self.finding("b"); f.suppression = "accepted"; return f }()
            try await database.replaceFindings(buildID: build, source: "eslint", findings: [plain, silenced, review, accepted], at: Self.t0)
            let stored = try await database.findings(buildID: build)
            #expect(stored == [accepted, review, plain, silenced])
            #expect(stored.map(\.suppression) == ["accepted", "underReview", nil, "accepted"])
            let rows = try await database.findingTrend(repositoryID: fixture.repositoryID, branch: "main", from: Self.at(-12), to: Self.at(12))
            #expect(rows == [FindingTrendRow(day: "2025-11-21", tool: "SwiftLint", ruleID: "a", count: 2)], "rule b is all suppressed: no row")
        }
    }
}
