import Core
import Foundation
import Testing
@testable import Store

/// Builds, their jobs, cancellation and webhook intake through `BuildStore` and
/// `DeliveryStore`, on every backend.
@Suite("Builds and deliveries in the store")
struct BuildStoreTests {
    /// A whole second, so the stores' millisecond precision loses nothing.
    static let t0 = Date(timeIntervalSince1970: 1_763_726_400)
    static let sha = String(repeating: "c", count: 40)

    private static func audit(_ action: String, at offset: TimeInterval = 0) -> AuditEvent {
        AuditEvent(occurredAt: t0.addingTimeInterval(offset), actor: "tester", action: action, subject: "build")
    }

    /// A build of two steps, `test` waiting for `build`, on an iOS agent.
    private static func draft(
        repository: Int64, pipeline: String = "app-ci", branch: String = "main", pullRequest: Int? = nil, author: String? = nil, trigger: String = "push"
    ) -> BuildDraft {
        let ios = AgentRequirements(["platform": ["ios"]])
        return BuildDraft(
            repositoryID: repository, pipeline: pipeline, trigger: trigger, branch: branch, commitSHA: sha, pullRequest: pullRequest,
            message: "Fix it", author: author, jobs: [
                JobDraft(stepKey: "build", label: "Build", spec: JobSpec(commands: ["make"], requirements: ios)),
                JobDraft(stepKey: "test", label: "Test", spec: JobSpec(commands: ["make test"], requirements: ios, dependsOn: ["build"])),
            ])
    }

    private static func repository(_ store: FreshStore, _ name: String = "acme/app") async throws -> Int64 {
        try await store.database.createRepository(
            name: name, provider: .github, cloneURL: "https://example.com/\(name).git", defaultBranch: "main",
            webhookSecret: "secret-secret-secret", audit: audit("repository.create")).id
    }

    @Test("a build is numbered per repository, its jobs kept in order, each pending one saying why it waits", arguments: StoreBackend.available)
    func createAndRead(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let database = store.database
            let app = try await Self.repository(store), other = try await Self.repository(store, "acme/other")
            let first = try await database.createBuild(Self.draft(repository: app), audit: Self.audit("build.create"))
            let second = try await database.createBuild(Self.draft(repository: app), audit: Self.audit("build.create"))
            let elsewhere = try await database.createBuild(Self.draft(repository: other), audit: Self.audit("build.create"))
            let numbers: [Int] = [first.number, second.number, elsewhere.number]
            #expect(numbers == [1, 2, 1])
            #expect(first.state == BuildState.pending)
            #expect(first.message == "Fix it")
            #expect(first.commitSHA == Self.sha)
            let jobs = try #require(first.jobs)
            #expect(jobs.map(\.stepKey) == ["build", "test"])
            #expect(jobs.map(\.pendingReason) == ["no agent is online (none polled within the lease)", "waiting for step build"])
            #expect(try await database.build(id: first.id) == first)
            #expect(try await database.job(id: jobs[1].id)?.pendingReason == "waiting for step build")
            #expect(try await database.build(id: 999) == nil)
            #expect(try await database.auditEvents(limit: 10).first?.subject == "build:\(elsewhere.id)")
            // A commit status for each new build, in the outbox.
            let statuses = try await database.claimDueMessages(kinds: [CommitStatusPayload.kind], now: Self.t0.addingTimeInterval(1), limit: 10, lease: .seconds(60))
            #expect(statuses.count == 3)
            #expect(statuses.allSatisfy { $0.payload.contains(#""state":"pending""#) })
        }
    }

    @Test("the list is newest first, filtered by repository, branch and state, paged by id", arguments: StoreBackend.available)
    func list(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let database = store.database
            let app = try await Self.repository(store), other = try await Self.repository(store, "acme/other")
            let a = try await database.createBuild(Self.draft(repository: app), audit: Self.audit("build.create"))
            let b = try await database.createBuild(Self.draft(repository: app, branch: "feature"), audit: Self.audit("build.create"))
            let c = try await database.createBuild(Self.draft(repository: other), audit: Self.audit("build.create"))
            _ = try await database.cancelBuild(id: a.id, reason: "no", audit: Self.audit("build.cancel"))
            #expect(try await database.builds(BuildFilter()).map(\.id) == [c.id, b.id, a.id])
            #expect(try await database.builds(BuildFilter(repositoryID: app)).map(\.id) == [b.id, a.id])
            #expect(try await database.builds(BuildFilter(branch: "feature")).map(\.id) == [b.id])
            #expect(try await database.builds(BuildFilter(state: .canceled)).map(\.id) == [a.id])
            #expect(try await database.builds(BuildFilter(limit: 1, before: c.id)).map(\.id) == [b.id])
            #expect(try await database.builds(BuildFilter()).allSatisfy { $0.jobs == nil })
        }
    }

    @Test("the list is filtered by pipeline, author and pull request, each alone and together", arguments: StoreBackend.available)
    func listByPipelineAuthorPullRequest(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let database = store.database
            let app = try await Self.repository(store)
            func create(_ draft: BuildDraft) async throws -> Int64 { try await database.createBuild(draft, audit: Self.audit("build.create")).id }
            let push = try await create(Self.draft(repository: app, author: "ana"))
            let review = try await create(Self.draft(repository: app, pipeline: "ui-tests", branch: "feature", pullRequest: 12, author: "ana", trigger: "pull_request"))
            let other = try await create(Self.draft(repository: app, branch: "fix", pullRequest: 13, author: "bo", trigger: "pull_request"))
            let again = try await create(Self.draft(repository: app, branch: "feature", pullRequest: 12, author: "bo", trigger: "pull_request"))
            #expect(try await database.builds(BuildFilter(pipeline: "ui-tests")).map(\.id) == [review])
            #expect(try await database.builds(BuildFilter(author: "ana")).map(\.id) == [review, push])
            #expect(try await database.builds(BuildFilter(pullRequest: 12)).map(\.id) == [again, review])
            #expect(try await database.builds(BuildFilter(pipeline: "app-ci", author: "bo", pullRequest: 12)).map(\.id) == [again])
            #expect(try await database.builds(BuildFilter(author: "carol")).isEmpty)
            #expect(try await database.builds(BuildFilter(pipeline: "app-ci", author: "bo")).map(\.id) == [again, other])
        }
    }

    @Test("cancelling ends the pending jobs and the build, measures it once, announces it; a finished build cannot be canceled", arguments: StoreBackend.available)
    func cancel(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let database = store.database
            let app = try await Self.repository(store)
            let build = try await database.createBuild(Self.draft(repository: app, trigger: "pull_request"), audit: Self.audit("build.create"))
            let canceled = try await database.cancelBuild(id: build.id, reason: "not needed", audit: Self.audit("build.cancel", at: 30))
            #expect(canceled.state == BuildState.canceled)
            #expect(canceled.cancelReason == "not needed")
            #expect(canceled.finishedAt == Self.t0.addingTimeInterval(30))
            #expect(canceled.jobs?.map(\.state) == [.canceled, .canceled])
            #expect(canceled.jobs?.allSatisfy { $0.pendingReason == nil } == true)
            let times = try #require(try await database.buildTimes(id: build.id, now: Self.t0.addingTimeInterval(100)))
            #expect(times.totalSeconds == 30)
            #expect(times.runSeconds == 0)
            let statuses = try await database.claimDueMessages(kinds: [CommitStatusPayload.kind], now: Self.t0.addingTimeInterval(31), limit: 10, lease: .seconds(60))
            #expect(statuses.map { $0.payload.contains(#""state":"canceled""#) } == [false, true])
            #expect(try await store.metricBuildSources() == ["build:\(build.id)"])
            await #expect(throws: StoreError.conflict("build \(build.id) already finished (canceled); retry it instead")) {
                try await database.cancelBuild(id: build.id, reason: "again", audit: Self.audit("build.cancel"))
            }
            await #expect(throws: StoreError.notFound("no build with id 999")) {
                try await database.cancelBuild(id: 999, reason: "x", audit: Self.audit("build.cancel"))
            }
        }
    }

    @Test("a new build of a pull request cancels the unfinished one it supersedes", arguments: StoreBackend.available)
    func supersede(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let database = store.database
            let app = try await Self.repository(store)
            let older = try await database.createBuild(Self.draft(repository: app, pullRequest: 7, trigger: "pull_request"), audit: Self.audit("build.create"))
            let other = try await database.createBuild(Self.draft(repository: app, pullRequest: 8, trigger: "pull_request"), audit: Self.audit("build.create"))
            let newer = try await database.createBuild(Self.draft(repository: app, pullRequest: 7, trigger: "pull_request"), audit: Self.audit("build.create"))
            let superseded = try #require(try await database.build(id: older.id))
            #expect(superseded.state == BuildState.canceled)
            #expect(superseded.cancelReason == "superseded by build #\(newer.number)")
            #expect(try await database.build(id: other.id)?.state == .pending)
            #expect(try await database.build(id: newer.id)?.state == .pending)
        }
    }

    @Test("a build's environment (a pull request's base branch) is read back for a retry; an unknown build has none", arguments: StoreBackend.available)
    func environment(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let database = store.database
            var draft = Self.draft(repository: try await Self.repository(store), branch: "feature/tax", pullRequest: 7, trigger: "pull_request")
            draft.env = [UITestSelection.baseBranchVariable: "main", "FLAVOR": "demo"]
            let build = try await database.createBuild(draft, audit: Self.audit("build.create"))
            #expect(try await database.buildEnvironment(id: build.id) == [UITestSelection.baseBranchVariable: "main", "FLAVOR": "demo"])
            #expect(try await database.buildEnvironment(id: 999) == nil)
        }
    }

    @Test("a delivery is stored with its builds once; a redelivery answers the first answer; the same key for another repository is another delivery", arguments: StoreBackend.available)
    func deliveries(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let database = store.database
            let app = try await Self.repository(store), other = try await Self.repository(store, "acme/other")
            func deliver(_ repository: Int64, key: String) async throws -> DeliveryAnswer {
                let delivery = IncomingDelivery(provider: .github, key: key, event: "push", repositoryID: repository, headers: ["x-github-event": "push"], body: Array("{}".utf8))
                return try await database.recordDelivery(delivery, builds: [Self.draft(repository: repository)]) { id, builds in
                    DeliveryAnswer(status: 202, body: #"{"delivery":\#(id),"builds":\#(builds)}"#)
                }
            }
            let first = try await deliver(app, key: "d-1")
            #expect(first.status == 202)
            #expect(first.duplicate == false)
            let again = try await deliver(app, key: "d-1")
            #expect(again.duplicate == true)
            #expect(again.body == first.body)
            #expect(try await database.deliveryAnswer(provider: .github, repositoryID: app, key: "d-1")?.body == first.body)
            #expect(try await database.deliveryAnswer(provider: .gitlab, repositoryID: app, key: "d-1") == nil)
            let elsewhere = try await deliver(other, key: "d-1")
            #expect(elsewhere.duplicate == false)
            #expect(elsewhere.body != first.body)
            #expect(try await database.builds(BuildFilter()).count == 2)
        }
    }
}
