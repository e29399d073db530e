import Core
import Foundation
import Testing
@testable import Store

/// Builds, dispatch, leases and deliveries through the store protocols, on every backend.
@Suite("Builds, dispatch, leases and deliveries in the store")
struct SchedulingStoreTests {
    @Test("jobs go only to agents whose tags match; higher priority first, then oldest", arguments: StoreBackend.available)
    func matchingAndOrder(_ backend: StoreBackend) async throws {
        try await Scene.run(backend) { scene in
            let (database, now) = (scene.database, scene.now)
            let low = try await database.createBuild(scene.draft(jobs: [scene.job("ios", needs: ["platform": ["ios"]])]), audit: scene.audit())
            let high = try await database.createBuild(scene.draft(priority: 5, jobs: [scene.job("ios", needs: ["platform": ["ios"]])]), audit: scene.audit())
            let android = try await scene.agent(["platform": "android"])
            let ios = try await scene.agent(["platform": "ios", "xcode": "16.2"], slots: 2)

            await #expect(try database.claimNextJob(agent: android, leaseSeconds: 60, now: now) == nil)
            let first = try await #require(try database.claimNextJob(agent: ios, leaseSeconds: 60, now: now))
            #expect(first.buildID == high.id)
            #expect(first.spec.env["MOBILE_OPS_COMMIT"] == String(repeating: "a", count: 40))
            #expect(first.repository?.cloneURL == "file:///tmp/acme")
            let second = try await #require(try database.claimNextJob(agent: ios, leaseSeconds: 60, now: now))
            #expect(second.buildID == low.id)
            await #expect(try database.claimNextJob(agent: ios, leaseSeconds: 60, now: now) == nil, "both slots are busy")
            await #expect(try database.build(id: high.id)?.state == .running)
        }
    }

    @Test("thousands of jobs waiting for a step never hide a runnable one; they become runnable when it passes", arguments: StoreBackend.available)
    func waitingJobsDoNotBlockDispatch(_ backend: StoreBackend) async throws {
        try await Scene.run(backend) { scene in
            let (database, now) = (scene.database, scene.now)
            // One build whose 2,100 test shards (more than one dispatch pass looks at) wait for a build step held by another agent.
            let tests = (0..<2_100).map { scene.job("t\($0)", dependsOn: ["build"]) }
            let blocked = try await database.createBuild(scene.draft(priority: 9, jobs: [scene.job("build")] + tests), audit: scene.audit())
            let builder = try await scene.agent([:])
            let buildStep = try await #require(try database.claimNextJob(agent: builder, leaseSeconds: 60, now: now))
            let later = try await database.createBuild(scene.draft(jobs: [scene.job("lint")]), audit: scene.audit())
            let worker = try await scene.agent([:])
            let next = try await #require(try database.claimNextJob(agent: worker, leaseSeconds: 60, now: now))
            #expect(next.buildID == later.id, "the runnable lint job, not one of the 2,100 waiting shards")

            _ = try await database.startJob(id: buildStep.jobID, agentID: builder.id, leaseSeconds: 60, now: now)
            try await database.finishJob(id: buildStep.jobID, agentID: builder.id, outcome: JobOutcome(state: .passed, exitStatus: 0), now: now)
            let shard = try await #require(try database.claimNextJob(agent: builder, leaseSeconds: 60, now: now))
            #expect(shard.buildID == blocked.id)
            #expect(shard.stepKey == "t0")
        }
    }

    @Test("a step waits for its dependencies, and is cancelled when one fails", arguments: StoreBackend.available)
    func dependencies(_ backend: StoreBackend) async throws {
        try await Scene.run(backend) { scene in
            let (database, now) = (scene.database, scene.now)
            let build = try await database.createBuild(scene.draft(jobs: [scene.job("build"), scene.job("test", dependsOn: ["build"])]), audit: scene.audit())
            let worker = try await scene.agent([:])
            let first = try await #require(try database.claimNextJob(agent: worker, leaseSeconds: 60, now: now))
            #expect(first.stepKey == "build")
            _ = try await database.startJob(id: first.jobID, agentID: worker.id, leaseSeconds: 60, now: now)
            await #expect(try database.claimNextJob(agent: worker, leaseSeconds: 60, now: now) == nil)
            try await database.finishJob(id: first.jobID, agentID: worker.id, outcome: JobOutcome(state: .failed, exitStatus: 65), now: now)

            let finished = try await #require(try database.build(id: build.id))
            #expect(finished.state == .failed)
            #expect(finished.jobs?.map(\.state) == [.failed, .canceled])
            #expect(finished.jobs?.first?.exitStatus == 65)
        }
    }

    @Test("a lost lease retries the job as a new attempt; the old agent is refused", arguments: StoreBackend.available)
    func leaseLoss(_ backend: StoreBackend) async throws {
        try await Scene.run(backend) { scene in
            let (database, now) = (scene.database, scene.now)
            let build = try await database.createBuild(scene.draft(jobs: [scene.job("ui")]), audit: scene.audit())
            let dying = try await scene.agent([:])
            let assignment = try await #require(try database.claimNextJob(agent: dying, leaseSeconds: 30, now: now))
            _ = try await database.startJob(id: assignment.jobID, agentID: dying.id, leaseSeconds: 30, now: now)

            await #expect(try database.expireLeases(now: now.addingTimeInterval(10)).isEmpty)
            await #expect(try database.expireLeases(now: now.addingTimeInterval(31)) == [assignment.jobID])
            await #expect(throws: StoreError.jobNotHeld(jobID: assignment.jobID)) {
                try await database.heartbeat(jobID: assignment.jobID, agentID: dying.id, leaseSeconds: 30, now: now)
            }
            let survivor = try await scene.agent([:])
            let retry = try await #require(try database.claimNextJob(agent: survivor, leaseSeconds: 30, now: now.addingTimeInterval(32)))
            #expect(retry.attempt == 2)
            _ = try await database.startJob(id: retry.jobID, agentID: survivor.id, leaseSeconds: 30, now: now)
            try await database.finishJob(id: retry.jobID, agentID: survivor.id, outcome: JobOutcome(state: .passed, exitStatus: 0), now: now)
            let done = try await #require(try database.build(id: build.id))
            #expect(done.state == .passed)
            #expect(done.jobs?.map(\.state) == [.lost, .passed])
        }
    }

    @Test("an agent shutting down hands its job back as lost; it is retried at once, without waiting for the lease", arguments: StoreBackend.available)
    func releaseOnShutdown(_ backend: StoreBackend) async throws {
        try await Scene.run(backend) { scene in
            let (database, now) = (scene.database, scene.now)
            let build = try await database.createBuild(scene.draft(jobs: [scene.job("ui")]), audit: scene.audit())
            let leaving = try await scene.agent([:])
            let assignment = try await #require(try database.claimNextJob(agent: leaving, leaseSeconds: 600, now: now))
            _ = try await database.startJob(id: assignment.jobID, agentID: leaving.id, leaseSeconds: 600, now: now)
            try await database.finishJob(id: assignment.jobID, agentID: leaving.id, outcome: JobOutcome(state: .lost, exitStatus: nil), now: now)

            let other = try await scene.agent([:])
            let retry = try await #require(try database.claimNextJob(agent: other, leaseSeconds: 600, now: now))
            #expect(retry.attempt == 2)
            await #expect(try database.build(id: build.id)?.jobs?.map(\.state) == [.lost, .assigned])
        }
    }

    @Test("a failed default-branch build is a notable event; a failed feature-branch build is not", arguments: StoreBackend.available)
    func failedMainBuildIsNotable(_ backend: StoreBackend) async throws {
        try await Scene.run(backend) { scene in
            let (database, now) = (scene.database, scene.now)
            var main = scene.draft(jobs: [scene.job("build")])
            main.branch = "main"
            _ = try await database.createBuild(scene.draft(jobs: [scene.job("build")]), audit: scene.audit())
            _ = try await database.createBuild(main, audit: scene.audit())
            let worker = try await scene.agent([:], slots: 2)
            for _ in 0..<2 {
                let claimed = try await #require(try database.claimNextJob(agent: worker, leaseSeconds: 60, now: now))
                try await database.finishJob(id: claimed.jobID, agentID: worker.id, outcome: JobOutcome(state: .failed, exitStatus: 1), now: now)
            }
            let events = try await database.notableEvents(limit: 10)
            #expect(events.map(\.kind) == ["build.failed"])
            #expect(events.first?.title == "acme/app ios-pr #2 failed on main")
            #expect(events.first?.url == "/builds/2", "the build's page, not an API route")
        }
    }

    @Test("a new PR build supersedes the older one: pending jobs cancel, running ones are told to", arguments: StoreBackend.available)
    func supersede(_ backend: StoreBackend) async throws {
        try await Scene.run(backend) { scene in
            let (database, now) = (scene.database, scene.now)
            let older = try await database.createBuild(scene.draft(pr: 42, jobs: [scene.job("a"), scene.job("b")]), audit: scene.audit())
            let worker = try await scene.agent([:])
            let running = try await #require(try database.claimNextJob(agent: worker, leaseSeconds: 60, now: now))
            _ = try await database.startJob(id: running.jobID, agentID: worker.id, leaseSeconds: 60, now: now)

            _ = try await database.createBuild(scene.draft(pr: 42, jobs: [scene.job("a")]), audit: scene.audit())
            let directive = try await database.heartbeat(jobID: running.jobID, agentID: worker.id, leaseSeconds: 60, now: now)
            #expect(directive.cancel)
            try await database.finishJob(id: running.jobID, agentID: worker.id, outcome: JobOutcome(state: .canceled, exitStatus: nil), now: now)
            let old = try await #require(try database.build(id: older.id))
            #expect(old.state == .canceled)
            #expect(old.cancelReason == "superseded by build #2")
        }
    }

    @Test("a concurrency group runs one build at a time, oldest first", arguments: StoreBackend.available)
    func concurrencyGroup(_ backend: StoreBackend) async throws {
        try await Scene.run(backend) { scene in
            let (database, now) = (scene.database, scene.now)
            let first = try await database.createBuild(scene.draft(group: "deploy", jobs: [scene.job("x")]), audit: scene.audit())
            _ = try await database.createBuild(scene.draft(group: "deploy", jobs: [scene.job("x")]), audit: scene.audit())
            let worker = try await scene.agent([:], slots: 2)
            let claimed = try await #require(try database.claimNextJob(agent: worker, leaseSeconds: 60, now: now))
            #expect(claimed.buildID == first.id)
            await #expect(try database.claimNextJob(agent: worker, leaseSeconds: 60, now: now) == nil)
        }
    }

    @Test("a pick walks past more waiting candidates than its first pages hold", arguments: StoreBackend.available)
    func pickWalksPastWaitingCandidates(_ backend: StoreBackend) async throws {
        try await Scene.run(backend) { scene in
            let (database, now) = (scene.database, scene.now)
            // One build holds the group; 40 older-than-the-free-job builds of the same group wait
            // for it, ahead of the free job in dispatch order. Pages of 4, 8, 16 and 32 jobs are
            // needed to reach it.
            let holder = try await database.createBuild(scene.draft(group: "deploy", jobs: [scene.job("x")]), audit: scene.audit())
            let worker = try await scene.agent([:], slots: 2)
            await #expect(try database.claimNextJob(agent: worker, leaseSeconds: 60, now: now)?.buildID == holder.id)
            for _ in 0..<40 { _ = try await database.createBuild(scene.draft(group: "deploy", jobs: [scene.job("x")]), audit: scene.audit()) }
            let free = try await database.createBuild(scene.draft(jobs: [scene.job("x")]), audit: scene.audit())
            await #expect(try database.claimNextJob(agent: worker, leaseSeconds: 60, now: now)?.buildID == free.id)
        }
    }

    @Test("cancel_in_progress: a new build in the group cancels the unfinished one", arguments: StoreBackend.available)
    func cancelInProgress(_ backend: StoreBackend) async throws {
        try await Scene.run(backend) { scene in
            let (database, now) = (scene.database, scene.now)
            let first = try await database.createBuild(scene.draft(group: "deploy", jobs: [scene.job("x")]), audit: scene.audit())
            var newer = scene.draft(group: "deploy", jobs: [scene.job("x")])
            newer.cancelInProgress = true
            let second = try await database.createBuild(newer, audit: scene.audit())
            await #expect(try database.build(id: first.id)?.state == .canceled)
            await #expect(try database.build(id: first.id)?.cancelReason?.contains("concurrency group deploy") == true)
            let worker = try await scene.agent([:])
            await #expect(try database.claimNextJob(agent: worker, leaseSeconds: 60, now: now)?.buildID == second.id)
        }
    }

    @Test("a delivery is stored once; a redelivery gets the first answer and creates nothing", arguments: StoreBackend.available)
    func deliveries(_ backend: StoreBackend) async throws {
        try await Scene.run(backend) { scene in
            let (database, repositoryID) = (scene.database, scene.repositoryID)
            let incoming = IncomingDelivery(provider: .github, key: "d-1", event: "push", repositoryID: repositoryID, headers: ["x-github-event": "push"], body: Array("{}".utf8))
            let answer = try await database.recordDelivery(incoming, builds: [scene.draft(jobs: [scene.job("a")])]) { id, builds in
                DeliveryAnswer(status: 202, body: "{\"delivery\":\(id),\"builds\":\(builds)}")
            }
            #expect(!answer.duplicate)
            let again = try await database.recordDelivery(incoming, builds: [scene.draft(jobs: [scene.job("a")])]) { _, _ in DeliveryAnswer(status: 202, body: "new") }
            #expect(again.duplicate)
            #expect(again.body == answer.body)
            await #expect(try database.builds(BuildFilter()).count == 1)
            await #expect(try database.deliveryAnswer(provider: .github, repositoryID: repositoryID, key: "d-1")?.body == answer.body)
            await #expect(try database.deliveryAnswer(provider: .gitlab, repositoryID: repositoryID, key: "d-1") == nil)
        }
    }

    @Test("log chunks are kept once per sequence number, in order", arguments: StoreBackend.available)
    func logs(_ backend: StoreBackend) async throws {
        try await Scene.run(backend) { scene in
            let (database, now) = (scene.database, scene.now)
            _ = try await database.createBuild(scene.draft(jobs: [scene.job("a")]), audit: scene.audit())
            let worker = try await scene.agent([:])
            let assignment = try await #require(try database.claimNextJob(agent: worker, leaseSeconds: 60, now: now))
            _ = try await database.appendLog(jobID: assignment.jobID, agentID: worker.id, sequence: 1, content: Array("two\n".utf8), now: now)
            _ = try await database.appendLog(jobID: assignment.jobID, agentID: worker.id, sequence: 0, content: Array("one\n".utf8), now: now)
            _ = try await database.appendLog(jobID: assignment.jobID, agentID: worker.id, sequence: 0, content: Array("dup\n".utf8), now: now)
            let log = try await database.jobLog(jobID: assignment.jobID, after: nil)
            #expect(log.chunks.map { String(decoding: $0.content, as: UTF8.self) } == ["one\n", "two\n"])
            #expect(!log.finished)
            await #expect(try database.jobLog(jobID: assignment.jobID, after: 0).chunks.count == 1)
        }
    }

    @Test("reopening the database (a server restart) keeps pending jobs pending and running jobs on their leases", arguments: StoreBackend.available)
    func restart(_ backend: StoreBackend) async throws {
        try await Scene.run(backend) { scene in
            let (database, now) = (scene.database, scene.now)
            let build = try await database.createBuild(scene.draft(jobs: [scene.job("a"), scene.job("b")]), audit: scene.audit())
            let worker = try await scene.agent([:])
            let running = try await #require(try database.claimNextJob(agent: worker, leaseSeconds: 60, now: now))
            _ = try await database.startJob(id: running.jobID, agentID: worker.id, leaseSeconds: 60, now: now)

            try await scene.store.reopened { reopened in
                let after = try #require(try await reopened.build(id: build.id))
                #expect(after.jobs?.map(\.state) == [.running, .pending])
                #expect(try await reopened.expireLeases(now: now.addingTimeInterval(30)).isEmpty)
                #expect(try await reopened.heartbeat(jobID: running.jobID, agentID: worker.id, leaseSeconds: 60, now: now.addingTimeInterval(30)).cancel == false)
            }
        }
    }
}

/// A fresh store with one repository, and the builds and agents the tests make in it.
private struct Scene {
    let store: FreshStore
    let repositoryID: Int64
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// The store under test.
    var database: FreshStore.Database { store.database }

    /// Runs `body` against a fresh store of `backend` holding the repository acme/app.
    static func run(_ backend: StoreBackend, _ body: (Scene) async throws -> Void) async throws {
        try await backend.withFreshStore { store in
            let repositoryID = try await store.database.createRepository(
                name: "acme/app", provider: .github, cloneURL: "file:///tmp/acme", defaultBranch: "main",
                webhookSecret: "secret-secret-secret", audit: AuditEvent(occurredAt: Date(timeIntervalSince1970: 1_800_000_000), actor: "t", action: "a", subject: "s")
            ).id
            try await body(Scene(store: store, repositoryID: repositoryID))
        }
    }

    func draft(pr: Int? = nil, priority: Int = 0, group: String? = nil, jobs: [JobDraft]) -> BuildDraft {
        BuildDraft(repositoryID: repositoryID, pipeline: "ios-pr", trigger: pr == nil ? "push" : "pull_request", branch: "feature",
                   commitSHA: String(repeating: "a", count: 40), pullRequest: pr, concurrencyGroup: group, priority: priority, jobs: jobs)
    }

    func job(_ key: String, needs: [String: [String]] = [:], dependsOn: [String] = [], retry: RetryPolicy = .init()) -> JobDraft {
        JobDraft(stepKey: key, label: key, spec: JobSpec(commands: ["echo \(key)"], requirements: AgentRequirements(needs), retry: retry, dependsOn: dependsOn))
    }

    func agent(_ tags: [String: String], slots: Int = 1) async throws -> Agent {
        let token = try await database.createRegistrationToken(id: "r\(UUID().uuidString.prefix(6))", name: "reg", secretHash: "h", audit: audit())
        return try await database.registerAgent(AgentRegistration(name: "agent", tags: tags, slots: slots), registrationTokenID: token.id, tokenID: UUID().uuidString, secretHash: "h", now: now)
    }

    func audit() -> AuditEvent { AuditEvent(occurredAt: now, actor: "t", action: "build.create", subject: "build") }
}
