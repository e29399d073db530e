import Core
import Foundation
import Testing
@testable import Store

@Suite("Builds, dispatch, leases and deliveries in the store")
struct SchedulingStoreTests {
    let directory: TemporaryDirectory
    let database: AppDatabase
    let repositoryID: Int64
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    init() async throws {
        directory = try TemporaryDirectory()
        database = try AppDatabase.open(path: directory.path("db.sqlite"))
        repositoryID = try await database.createRepository(
            name: "acme/app", provider: .github, cloneURL: "file:///tmp/acme", defaultBranch: "main",
            webhookSecret: "secret-secret-secret", audit: AuditEvent(occurredAt: Date(), actor: "t", action: "a", subject: "s")
        ).id
    }

    private func draft(pr: Int? = nil, priority: Int = 0, group: String? = nil, jobs: [JobDraft]) -> BuildDraft {
        BuildDraft(repositoryID: repositoryID, pipeline: "ios-pr", trigger: pr == nil ? "push" : "pull_request", branch: "feature",
                   commitSHA: String(repeating: "a", count: 40), pullRequest: pr, concurrencyGroup: group, priority: priority, jobs: jobs)
    }

    private func job(_ key: String, needs: [String: [String]] = [:], dependsOn: [String] = [], retry: RetryPolicy = .init()) -> JobDraft {
        JobDraft(stepKey: key, label: key, spec: JobSpec(commands: ["echo \(key)"], requirements: AgentRequirements(needs), retry: retry, dependsOn: dependsOn))
    }

    private func agent(_ tags: [String: String], slots: Int = 1) async throws -> Agent {
        let token = try await database.createRegistrationToken(id: "r\(UUID().uuidString.prefix(6))", name: "reg", secretHash: "h", audit: AuditEvent(occurredAt: Date(), actor: "t", action: "a", subject: "s"))
        return try await database.registerAgent(AgentRegistration(name: "agent", tags: tags, slots: slots), registrationTokenID: token.id, tokenID: UUID().uuidString, secretHash: "h", now: now)
    }

    private func audit() -> AuditEvent { AuditEvent(occurredAt: now, actor: "t", action: "build.create", subject: "build") }

    @Test("jobs go only to agents whose tags match; higher priority first, then oldest")
    func matchingAndOrder() async throws {
        defer { directory.remove() }
        let low = try await database.createBuild(draft(jobs: [job("ios", needs: ["platform": ["ios"]])]), audit: audit())
        let high = try await database.createBuild(draft(priority: 5, jobs: [job("ios", needs: ["platform": ["ios"]])]), audit: audit())
        let android = try await agent(["platform": "android"])
        let ios = try await agent(["platform": "ios", "xcode": "16.2"], slots: 2)

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

    @Test("thousands of jobs waiting for a step never hide a runnable one; they become runnable when it passes")
    func waitingJobsDoNotBlockDispatch() async throws {
        defer { directory.remove() }
        // One build whose 2,100 test shards (more than one dispatch pass looks at) wait for a build step held by another agent.
        let tests = (0..<2_100).map { job("t\($0)", dependsOn: ["build"]) }
        let blocked = try await database.createBuild(draft(priority: 9, jobs: [job("build")] + tests), audit: audit())
        let builder = try await agent([:])
        let buildStep = try await #require(try database.claimNextJob(agent: builder, leaseSeconds: 60, now: now))
        let later = try await database.createBuild(draft(jobs: [job("lint")]), audit: audit())
        let worker = try await agent([:])
        let next = try await #require(try database.claimNextJob(agent: worker, leaseSeconds: 60, now: now))
        #expect(next.buildID == later.id, "the runnable lint job, not one of the 2,100 waiting shards")

        _ = try await database.startJob(id: buildStep.jobID, agentID: builder.id, leaseSeconds: 60, now: now)
        try await database.finishJob(id: buildStep.jobID, agentID: builder.id, outcome: JobOutcome(state: .passed, exitStatus: 0), now: now)
        let shard = try await #require(try database.claimNextJob(agent: builder, leaseSeconds: 60, now: now))
        #expect(shard.buildID == blocked.id)
        #expect(shard.stepKey == "t0")
    }

    @Test("a step waits for its dependencies, and is cancelled when one fails")
    func dependencies() async throws {
        defer { directory.remove() }
        let build = try await database.createBuild(draft(jobs: [job("build"), job("test", dependsOn: ["build"])]), audit: audit())
        let worker = try await agent([:])
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

    @Test("a lost lease retries the job as a new attempt; the old agent is refused")
    func leaseLoss() async throws {
        defer { directory.remove() }
        let build = try await database.createBuild(draft(jobs: [job("ui")]), audit: audit())
        let dying = try await agent([:])
        let assignment = try await #require(try database.claimNextJob(agent: dying, leaseSeconds: 30, now: now))
        _ = try await database.startJob(id: assignment.jobID, agentID: dying.id, leaseSeconds: 30, now: now)

        await #expect(try database.expireLeases(now: now.addingTimeInterval(10)).isEmpty)
        await #expect(try database.expireLeases(now: now.addingTimeInterval(31)) == [assignment.jobID])
        await #expect(throws: StoreError.jobNotHeld(jobID: assignment.jobID)) {
            try await database.heartbeat(jobID: assignment.jobID, agentID: dying.id, leaseSeconds: 30, now: now)
        }
        let survivor = try await agent([:])
        let retry = try await #require(try database.claimNextJob(agent: survivor, leaseSeconds: 30, now: now.addingTimeInterval(32)))
        #expect(retry.attempt == 2)
        _ = try await database.startJob(id: retry.jobID, agentID: survivor.id, leaseSeconds: 30, now: now)
        try await database.finishJob(id: retry.jobID, agentID: survivor.id, outcome: JobOutcome(state: .passed, exitStatus: 0), now: now)
        let done = try await #require(try database.build(id: build.id))
        #expect(done.state == .passed)
        #expect(done.jobs?.map(\.state) == [.lost, .passed])
    }

    @Test("an agent shutting down hands its job back as lost; it is retried at once, without waiting for the lease")
    func releaseOnShutdown() async throws {
        defer { directory.remove() }
        let build = try await database.createBuild(draft(jobs: [job("ui")]), audit: audit())
        let leaving = try await agent([:])
        let assignment = try await #require(try database.claimNextJob(agent: leaving, leaseSeconds: 600, now: now))
        _ = try await database.startJob(id: assignment.jobID, agentID: leaving.id, leaseSeconds: 600, now: now)
        try await database.finishJob(id: assignment.jobID, agentID: leaving.id, outcome: JobOutcome(state: .lost, exitStatus: nil), now: now)

        let other = try await agent([:])
        let retry = try await #require(try database.claimNextJob(agent: other, leaseSeconds: 600, now: now))
        #expect(retry.attempt == 2)
        await #expect(try database.build(id: build.id)?.jobs?.map(\.state) == [.lost, .assigned])
    }

    @Test("a failed default-branch build is a notable event; a failed feature-branch build is not")
    func failedMainBuildIsNotable() async throws {
        defer { directory.remove() }
        var main = draft(jobs: [job("build")])
        main.branch = "main"
        _ = try await database.createBuild(draft(jobs: [job("build")]), audit: audit())
        _ = try await database.createBuild(main, audit: audit())
        let worker = try await agent([:], slots: 2)
        for _ in 0..<2 {
            let claimed = try await #require(try database.claimNextJob(agent: worker, leaseSeconds: 60, now: now))
            try await database.finishJob(id: claimed.jobID, agentID: worker.id, outcome: JobOutcome(state: .failed, exitStatus: 1), now: now)
        }
        let events = try await database.notableEvents(limit: 10)
        #expect(events.map(\.kind) == ["build.failed"])
        #expect(events.first?.title == "acme/app ios-pr #2 failed on main")
        #expect(events.first?.url == "/builds/2", "the build's page, not an API route")
    }

    @Test("a new PR build supersedes the older one: pending jobs cancel, running ones are told to")
    func supersede() async throws {
        defer { directory.remove() }
        let older = try await database.createBuild(draft(pr: 42, jobs: [job("a"), job("b")]), audit: audit())
        let worker = try await agent([:])
        let running = try await #require(try database.claimNextJob(agent: worker, leaseSeconds: 60, now: now))
        _ = try await database.startJob(id: running.jobID, agentID: worker.id, leaseSeconds: 60, now: now)

        _ = try await database.createBuild(draft(pr: 42, jobs: [job("a")]), audit: audit())
        let directive = try await database.heartbeat(jobID: running.jobID, agentID: worker.id, leaseSeconds: 60, now: now)
        #expect(directive.cancel)
        try await database.finishJob(id: running.jobID, agentID: worker.id, outcome: JobOutcome(state: .canceled, exitStatus: nil), now: now)
        let old = try await #require(try database.build(id: older.id))
        #expect(old.state == .canceled)
        #expect(old.cancelReason == "superseded by build #2")
    }

    @Test("a concurrency group runs one build at a time, oldest first")
    func concurrencyGroup() async throws {
        defer { directory.remove() }
        let first = try await database.createBuild(draft(group: "deploy", jobs: [job("x")]), audit: audit())
        _ = try await database.createBuild(draft(group: "deploy", jobs: [job("x")]), audit: audit())
        let worker = try await agent([:], slots: 2)
        let claimed = try await #require(try database.claimNextJob(agent: worker, leaseSeconds: 60, now: now))
        #expect(claimed.buildID == first.id)
        await #expect(try database.claimNextJob(agent: worker, leaseSeconds: 60, now: now) == nil)
    }

    @Test("a pick walks past more waiting candidates than its first pages hold")
    func pickWalksPastWaitingCandidates() async throws {
        defer { directory.remove() }
        // One build holds the group; 40 older-than-the-free-job builds of the same group wait
        // for it, ahead of the free job in dispatch order. Pages of 4, 8, 16 and 32 jobs are
        // needed to reach it.
        let holder = try await database.createBuild(draft(group: "deploy", jobs: [job("x")]), audit: audit())
        let worker = try await agent([:], slots: 2)
        await #expect(try database.claimNextJob(agent: worker, leaseSeconds: 60, now: now)?.buildID == holder.id)
        for _ in 0..<40 { _ = try await database.createBuild(draft(group: "deploy", jobs: [job("x")]), audit: audit()) }
        let free = try await database.createBuild(draft(jobs: [job("x")]), audit: audit())
        await #expect(try database.claimNextJob(agent: worker, leaseSeconds: 60, now: now)?.buildID == free.id)
    }

    @Test("cancel_in_progress: a new build in the group cancels the unfinished one")
    func cancelInProgress() async throws {
        defer { directory.remove() }
        let first = try await database.createBuild(draft(group: "deploy", jobs: [job("x")]), audit: audit())
        var newer = draft(group: "deploy", jobs: [job("x")])
        newer.cancelInProgress = true
        let second = try await database.createBuild(newer, audit: audit())
        await #expect(try database.build(id: first.id)?.state == .canceled)
        await #expect(try database.build(id: first.id)?.cancelReason?.contains("concurrency group deploy") == true)
        let worker = try await agent([:])
        await #expect(try database.claimNextJob(agent: worker, leaseSeconds: 60, now: now)?.buildID == second.id)
    }

    @Test("a delivery is stored once; a redelivery gets the first answer and creates nothing")
    func deliveries() async throws {
        defer { directory.remove() }
        let incoming = IncomingDelivery(provider: .github, key: "d-1", event: "push", repositoryID: repositoryID, headers: ["x-github-event": "push"], body: Array("{}".utf8))
        let answer = try await database.recordDelivery(incoming, builds: [draft(jobs: [job("a")])]) { id, builds in
            DeliveryAnswer(status: 202, body: "{\"delivery\":\(id),\"builds\":\(builds)}")
        }
        #expect(!answer.duplicate)
        let again = try await database.recordDelivery(incoming, builds: [draft(jobs: [job("a")])]) { _, _ in DeliveryAnswer(status: 202, body: "new") }
        #expect(again.duplicate)
        #expect(again.body == answer.body)
        await #expect(try database.builds(BuildFilter()).count == 1)
        await #expect(try database.deliveryAnswer(provider: .github, repositoryID: repositoryID, key: "d-1")?.body == answer.body)
        await #expect(try database.deliveryAnswer(provider: .gitlab, repositoryID: repositoryID, key: "d-1") == nil)
    }

    @Test("log chunks are kept once per sequence number, in order")
    func logs() async throws {
        defer { directory.remove() }
        _ = try await database.createBuild(draft(jobs: [job("a")]), audit: audit())
        let worker = try await agent([:])
        let assignment = try await #require(try database.claimNextJob(agent: worker, leaseSeconds: 60, now: now))
        _ = try await database.appendLog(jobID: assignment.jobID, agentID: worker.id, sequence: 1, content: Array("two\n".utf8), now: now)
        _ = try await database.appendLog(jobID: assignment.jobID, agentID: worker.id, sequence: 0, content: Array("one\n".utf8), now: now)
        _ = try await database.appendLog(jobID: assignment.jobID, agentID: worker.id, sequence: 0, content: Array("dup\n".utf8), now: now)
        let log = try await database.jobLog(jobID: assignment.jobID, after: nil)
        #expect(log.chunks.map { String(decoding: $0.content, as: UTF8.self) } == ["one\n", "two\n"])
        #expect(!log.finished)
        await #expect(try database.jobLog(jobID: assignment.jobID, after: 0).chunks.count == 1)
    }

    @Test("reopening the database (a server restart) keeps pending jobs pending and running jobs on their leases")
    func restart() async throws {
        defer { directory.remove() }
        let build = try await database.createBuild(draft(jobs: [job("a"), job("b")]), audit: audit())
        let worker = try await agent([:])
        let running = try await #require(try database.claimNextJob(agent: worker, leaseSeconds: 60, now: now))
        _ = try await database.startJob(id: running.jobID, agentID: worker.id, leaseSeconds: 60, now: now)

        let reopened = try AppDatabase.open(path: directory.path("db.sqlite"))
        let after = try await #require(try reopened.build(id: build.id))
        #expect(after.jobs?.map(\.state) == [.running, .pending])
        await #expect(try reopened.expireLeases(now: now.addingTimeInterval(30)).isEmpty)
        await #expect(try reopened.heartbeat(jobID: running.jobID, agentID: worker.id, leaseSeconds: 60, now: now.addingTimeInterval(30)).cancel == false)
    }
}
