import Core
import Foundation
import Testing
@testable import Store

/// A pull request's merge base as its agent records it, and the builds found by commit that
/// its findings are compared with; on every backend.
@Suite("Merge bases and builds by commit in the findings store")
struct FindingStoreMergeBaseTests {
    static let t0 = FindingStoreTests.t0
    private static let audit = FindingStoreTests.audit
    private static let finding = FindingStoreTests.forceCast

    /// A commit id made of one repeated hex digit.
    private static func commit(_ digit: Character) -> String { String(repeating: digit, count: 40) }

    /// A one-job build of `commit`, its job claimed and started; finished as `state` unless nil
    /// (then its job id is the second value), with one finding when `findings`.
    private static func build(
        _ fixture: FindingStoreTests.Fixture, commit: String, pipeline: String = "lint", pullRequest: Int? = nil, env: [String: String] = [:],
        findings: Bool = true, finish state: JobState? = .passed
    ) async throws -> (build: Int64, job: Int64) {
        let database = fixture.database
        let lint = JobDraft(stepKey: "lint", label: "lint", spec: JobSpec(commands: ["swiftlint"], requirements: AgentRequirements([:])))
        let draft = BuildDraft(
            repositoryID: fixture.repositoryID, pipeline: pipeline, trigger: pullRequest == nil ? "push" : "pull_request",
            branch: pullRequest == nil ? "main" : "feature/login", commitSHA: commit, pullRequest: pullRequest, env: env, jobs: [lint])
        let build = try await database.createBuild(draft, audit: audit("build.create")).id
        let job = try await fixture.startOldestJob()
        if findings { try await database.replaceFindings(buildID: build, source: "swiftlint", findings: [finding], at: t0) }
        if let state { try await fixture.finish(job: job, state, at: t0) }
        return (build, job)
    }

    @Test("the agent holding a pull request's job records its merge base, which joins the findings target; only the holder may", arguments: StoreBackend.available)
    func recordedMergeBase(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let fixture = try await FindingStoreTests.Fixture.make(store.database)
            let database = store.database
            let env = [UITestSelection.baseBranchVariable: "main", UITestSelection.baseCommitVariable: Self.commit("b")]
            let (pullRequest, job) = try await Self.build(fixture, commit: Self.commit("f"), pullRequest: 7, env: env, finish: nil)
            let hostOnly = FindingsTarget(
                repositoryID: fixture.repositoryID, branch: "main", pipeline: "lint", isPullRequest: true, hostBaseCommit: Self.commit("b"))
            #expect(try await database.findingsTarget(buildID: pullRequest) == hostOnly)

            let first = MergeBase(commit: Self.commit("c"), firstParents: [Self.commit("c"), Self.commit("a")])
            #expect(try await database.recordMergeBase(first, jobID: job, agentID: fixture.agent.id, at: Self.t0) == pullRequest)
            let second = MergeBase(commit: Self.commit("d"), firstParents: [Self.commit("d"), Self.commit("c"), Self.commit("a")])
            #expect(try await database.recordMergeBase(second, jobID: job, agentID: fixture.agent.id, at: Self.t0) == pullRequest)
            var expected = hostOnly
            expected.mergeBase = second
            #expect(try await database.findingsTarget(buildID: pullRequest) == expected, "the later record replaces the first")

            await #expect(throws: StoreError.jobNotHeld(jobID: job)) {
                try await database.recordMergeBase(first, jobID: job, agentID: fixture.agent.id + 1, at: Self.t0)
            }
            await #expect(throws: StoreError.jobNotHeld(jobID: 999)) {
                try await database.recordMergeBase(first, jobID: 999, agentID: fixture.agent.id, at: Self.t0)
            }
            try await database.finishJob(id: job, agentID: fixture.agent.id, outcome: JobOutcome(state: .passed, exitStatus: 0), now: Self.t0)
            await #expect(throws: StoreError.jobNotHeld(jobID: job), "a finished job records nothing") {
                try await database.recordMergeBase(first, jobID: job, agentID: fixture.agent.id, at: Self.t0)
            }
            #expect(try await database.findingsTarget(buildID: pullRequest)?.mergeBase == second)
        }
    }

    @Test("builds by commit: finished, of the pipeline, with findings, not a pull request's, newest first", arguments: StoreBackend.available)
    func buildsByCommit(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let fixture = try await FindingStoreTests.Fixture.make(store.database)
            let database = store.database
            let olderA = try await Self.build(fixture, commit: Self.commit("a"), finish: .failed).build
            let newerA = try await Self.build(fixture, commit: Self.commit("a")).build
            let atB = try await Self.build(fixture, commit: Self.commit("b")).build
            _ = try await Self.build(fixture, commit: Self.commit("c"), findings: false)
            _ = try await Self.build(fixture, commit: Self.commit("d"), finish: .canceled)
            _ = try await Self.build(fixture, commit: Self.commit("a"), pipeline: "unit-tests")
            _ = try await Self.build(fixture, commit: Self.commit("a"), pullRequest: 3, env: [UITestSelection.baseBranchVariable: "main"])
            _ = try await Self.build(fixture, commit: Self.commit("e"), finish: nil)
            let target = FindingsTarget(repositoryID: fixture.repositoryID, branch: "main", pipeline: "lint", isPullRequest: true)

            let found = try await database.buildsWithFindings(target, atCommits: ["a", "b", "c", "d", "e", "9"].map { Self.commit($0) })
            #expect(found == [
                BuildAtCommit(buildID: atB, commitSHA: Self.commit("b"), branch: "main"),
                BuildAtCommit(buildID: newerA, commitSHA: Self.commit("a"), branch: "main"),
                BuildAtCommit(buildID: olderA, commitSHA: Self.commit("a"), branch: "main"),
            ])
            #expect(try await database.buildsWithFindings(target, atCommits: []) == [])
        }
    }
}
