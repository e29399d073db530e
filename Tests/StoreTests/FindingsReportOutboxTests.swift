import Core
import Foundation
import Testing
@testable import Store

/// The `findings_report` messages: one when a build with findings finishes, one per report a
/// CI posts after the build ended, none for a build still running; on every backend.
@Suite("Findings reports in the outbox")
struct FindingsReportOutboxTests {
    static let t0 = FindingStoreTests.t0
    private static let audit = FindingStoreTests.audit
    private static let finding = FindingStoreTests.forceCast

    /// The build ids of every `findings_report` message, oldest first (claimed far in the future, so all are due).
    private static func reports(_ database: FreshStore.Database) async throws -> [Int64] {
        let messages = try await database.claimDueMessages(
            kinds: [FindingsReportPayload.kind], now: t0.addingTimeInterval(86_400), limit: 100, lease: .seconds(60))
        return try messages.sorted { $0.id < $1.id }.map { message in
            #expect(message.kind == "findings_report")
            return try JSONDecoder().decode(FindingsReportPayload.self, from: Data(message.payload.utf8)).buildID
        }
    }

    /// A pending one-job build of `commit`.
    private static func build(_ fixture: FindingStoreTests.Fixture, commit: String = String(repeating: "a", count: 40)) async throws -> Int64 {
        let job = JobDraft(stepKey: "lint", label: "lint", spec: JobSpec(commands: ["swiftlint"], requirements: AgentRequirements([:])))
        let draft = BuildDraft(repositoryID: fixture.repositoryID, pipeline: "lint", trigger: "push", branch: "main", commitSHA: commit, jobs: [job])
        return try await fixture.database.createBuild(draft, audit: audit("build.create")).id
    }

    /// Finishes a started job as `state`, a minute after `t0`.
    private static func finish(_ fixture: FindingStoreTests.Fixture, job: Int64, _ state: JobState = .passed) async throws {
        try await fixture.finish(job: job, state, at: t0.addingTimeInterval(60))
    }

    @Test("findings stored while a build runs are reported once, when it finishes, whatever the outcome", arguments: StoreBackend.available)
    func reportedAtFinish(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let fixture = try await FindingStoreTests.Fixture.make(store.database)
            let database = store.database
            let build = try await Self.build(fixture)
            let job = try await fixture.startOldestJob()
            try await database.replaceFindings(buildID: build, source: "swiftlint", findings: [Self.finding], at: Self.t0)
            try await database.replaceFindings(buildID: build, source: "detekt", findings: [Self.finding], at: Self.t0)
            #expect(try await Self.reports(database) == [], "a running build's intake sends nothing yet")
            try await Self.finish(fixture, job: job, .failed)
            #expect(try await Self.reports(database) == [build], "one report for the finish, not one per intake")

            // A build without findings finishes without a report.
            _ = try await Self.build(fixture)
            try await Self.finish(fixture, job: try await fixture.startOldestJob())
            #expect(try await Self.reports(database) == [])
        }
    }

    @Test("a report posted after the build ended is sent at once; an empty one only when it clears findings", arguments: StoreBackend.available)
    func reportedAfterFinish(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let fixture = try await FindingStoreTests.Fixture.make(store.database)
            let database = store.database
            let build = try await Self.build(fixture)
            try await Self.finish(fixture, job: try await fixture.startOldestJob())
            #expect(try await Self.reports(database) == [])
            // An empty report on a build that never had findings says nothing new.
            try await database.replaceFindings(buildID: build, source: "swiftlint", findings: [], at: Self.t0)
            #expect(try await Self.reports(database) == [])
            try await database.replaceFindings(buildID: build, source: "swiftlint", findings: [Self.finding], at: Self.t0)
            #expect(try await Self.reports(database) == [build])
            // Clearing them is news too: the pull request's report must stop showing them.
            try await database.replaceFindings(buildID: build, source: "swiftlint", findings: [], at: Self.t0)
            #expect(try await Self.reports(database) == [build])
            await #expect(throws: StoreError.notFound("build 999")) {
                try await database.replaceFindings(buildID: 999, source: "api", findings: [Self.finding], at: Self.t0)
            }
            #expect(try await Self.reports(database) == [])
        }
    }

    @Test("a canceled build with findings is reported; a build of a ref with no commit object name is not", arguments: StoreBackend.available)
    func canceledAndUnattachable(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let fixture = try await FindingStoreTests.Fixture.make(store.database)
            let database = store.database
            let canceled = try await Self.build(fixture)
            try await database.replaceFindings(buildID: canceled, source: "swiftlint", findings: [Self.finding], at: Self.t0)
            let ended = try await database.cancelBuild(id: canceled, reason: "test", audit: Self.audit("build.cancel"))
            #expect(ended.state == .canceled)
            #expect(try await Self.reports(database) == [canceled])

            // A build of `main` never resolved to a commit has nothing to attach a report to.
            let branchTip = try await Self.build(fixture, commit: "main")
            try await database.replaceFindings(buildID: branchTip, source: "swiftlint", findings: [Self.finding], at: Self.t0)
            _ = try await database.cancelBuild(id: branchTip, reason: "test", audit: Self.audit("build.cancel"))
            try await database.replaceFindings(buildID: branchTip, source: "detekt", findings: [Self.finding], at: Self.t0)
            #expect(try await Self.reports(database) == [])
        }
    }
}
