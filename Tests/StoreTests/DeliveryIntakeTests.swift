import Core
import Foundation
import Testing
@testable import Store

/// Batches of webhook deliveries as the intake's group commit writes them, on every backend:
/// the PostgreSQL store writes a batch in a few statements and falls back to one savepoint per
/// delivery when any of it fails; both must answer as writing them one by one would.
@Suite("Delivery batches on every backend")
struct DeliveryIntakeTests {
    /// A whole second, so the stores' millisecond precision loses nothing.
    static let t0 = Date(timeIntervalSince1970: 1_763_726_400)
    /// The commit every build is of: an object name, so each build announces a commit status.
    static let sha = String(repeating: "e", count: 40)

    /// An audit event at `t0`.
    private static func audit(_ action: String) -> AuditEvent { AuditEvent(occurredAt: t0, actor: "tester", action: action, subject: "s") }

    /// A new repository's id.
    private static func repository(_ store: FreshStore, _ name: String = "acme/app") async throws -> Int64 {
        try await store.database.createRepository(
            name: name, provider: .github, cloneURL: "https://example.com/\(name).git", defaultBranch: "main",
            webhookSecret: "secret-secret-secret", audit: audit("repository.create")).id
    }

    /// A build of `repository` (nil: none): `build`, then `test` waiting for it, on iOS.
    static func draft(_ repository: Int64?, pullRequest: Int? = nil) -> BuildDraft {
        let ios = AgentRequirements(["platform": ["ios"]])
        return BuildDraft(
            repositoryID: repository, pipeline: "app-ci", trigger: pullRequest == nil ? "push" : "pull_request", branch: "main",
            commitSHA: sha, pullRequest: pullRequest, jobs: [
                JobDraft(stepKey: "build", label: "Build", spec: JobSpec(commands: ["make"], requirements: ios)),
                JobDraft(stepKey: "test", label: "Test", spec: JobSpec(commands: ["make test"], requirements: ios, dependsOn: ["build"])),
            ])
    }

    /// Delivery `key` to `repository`, starting `builds`; its answer reads `key:delivery id:build ids`.
    static func write(_ key: String, to repository: Int64, builds: [BuildDraft]) throws -> DeliveryWrite {
        let delivery = IncomingDelivery(
            provider: .github, key: key, event: "push", repositoryID: repository, headers: ["x-github-event": "push"], body: Array("{\"k\":\"\(key)\"}".utf8))
        return try DeliveryWrite(delivery: delivery, builds: builds) { id, buildIDs in
            DeliveryAnswer(status: 202, body: "\(key):\(id):\(buildIDs.map(String.init).joined(separator: ","))")
        }
    }

    /// The build ids an answer names.
    static func buildIDs(in answer: DeliveryAnswer?) -> [Int64] {
        guard let answer, let list = answer.body.split(separator: ":", omittingEmptySubsequences: false).last else { return [] }
        return list.split(separator: ",").compactMap { Int64($0) }
    }

    @Test("a batch answers a redelivery of an earlier batch and a key repeated within it as duplicates, and writes each new one once", arguments: StoreBackend.available)
    func duplicates(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let database = store.database
            let app = try await Self.repository(store)
            let earlier = try #require(try await database.recordDeliveries([try Self.write("x", to: app, builds: [Self.draft(app)])]).first?.get())
            let results = await database.recordDeliveries([
                try Self.write("a", to: app, builds: [Self.draft(app)]), try Self.write("x", to: app, builds: [Self.draft(app)]),
                try Self.write("b", to: app, builds: [Self.draft(app)]), try Self.write("a", to: app, builds: [Self.draft(app)]),
            ])
            let answers = try results.map { try $0.get() }
            #expect(answers.map(\.duplicate) == [false, true, false, true])
            #expect(answers[1].body == earlier.body)
            #expect(answers[3].body == answers[0].body)
            #expect(answers[0].body.hasPrefix("a:") && answers[2].body.hasPrefix("b:"))
            #expect(try await database.deliveryAnswer(provider: .github, repositoryID: app, key: "a")?.body == answers[0].body)
            #expect(try await database.deliveryAnswer(provider: .github, repositoryID: app, key: "b")?.body == answers[2].body)
            let builds = try await database.builds(BuildFilter())
            #expect(builds.map(\.number).sorted() == [1, 2, 3])
            #expect(Set(builds.map(\.id)) == Set([earlier, answers[0], answers[2]].flatMap { Self.buildIDs(in: $0) }))
            let statuses = try await database.claimDueMessages(kinds: [CommitStatusPayload.kind], now: Self.t0.addingTimeInterval(1), limit: 10, lease: .seconds(60))
            #expect(statuses.count == 3, "one commit status per new build")
        }
    }

    @Test("a delivery whose build cannot be stored fails alone: the others are stored, numbered without a gap", arguments: StoreBackend.available)
    func oneFails(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let database = store.database
            let app = try await Self.repository(store)
            // The third delivery's build names a repository that does not exist: its insert fails.
            let results = await database.recordDeliveries([
                try Self.write("a", to: app, builds: [Self.draft(app)]), try Self.write("b", to: app, builds: [Self.draft(app)]),
                try Self.write("c", to: app, builds: [Self.draft(424_242)]), try Self.write("a", to: app, builds: [Self.draft(app)]),
                try Self.write("d", to: app, builds: [Self.draft(app)]),
            ])
            let answers = results.map { try? $0.get() }
            #expect(answers[2] == nil, "the failing delivery reports its error")
            #expect(answers.map { $0?.duplicate } == [false, false, nil, true, false])
            #expect(answers[3]?.body == answers[0]?.body)
            #expect(try await database.deliveryAnswer(provider: .github, repositoryID: app, key: "c") == nil)
            #expect(try await database.deliveryAnswer(provider: .github, repositoryID: app, key: "d")?.body == answers[4]?.body)
            var numbers: [Int] = []
            for answer in [answers[0], answers[1], answers[4]] {
                let id = try #require(Self.buildIDs(in: answer).first, "each stored delivery names its build")
                numbers.append(try #require(try await database.build(id: id)).number)
            }
            #expect(numbers == [1, 2, 3])
            #expect(try await database.builds(BuildFilter()).count == 3)
        }
    }

    @Test("numbers stay gapless per repository across a batch of two repositories and builds without one", arguments: StoreBackend.available)
    func numbering(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let database = store.database
            let app = try await Self.repository(store), other = try await Self.repository(store, "acme/other")
            _ = try await database.createBuild(Self.draft(app), audit: Self.audit("build.create"))
            _ = try await database.createBuild(Self.draft(nil), audit: Self.audit("build.create"))
            let results = await database.recordDeliveries([
                try Self.write("1", to: app, builds: [Self.draft(app), Self.draft(nil)]),
                try Self.write("2", to: other, builds: [Self.draft(other)]),
                try Self.write("3", to: app, builds: [Self.draft(app), Self.draft(app)]),
                try Self.write("4", to: other, builds: [Self.draft(nil), Self.draft(other)]),
            ])
            var numbers: [[Int]] = []
            for result in results {
                var delivery: [Int] = []
                for id in Self.buildIDs(in: try result.get()) { delivery.append(try #require(try await database.build(id: id)).number) }
                numbers.append(delivery)
            }
            #expect(numbers == [[2, 2], [1], [3, 4], [3, 2]])
            #expect(try await database.createBuild(Self.draft(app), audit: Self.audit("build.create")).number == 5)
            #expect(try await database.createBuild(Self.draft(nil), audit: Self.audit("build.create")).number == 4)
        }
    }

    @Test("a stored build's first step is claimable and the step waiting for it is not; its jobs read back in order", arguments: StoreBackend.available)
    func runnable(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let database = store.database
            let app = try await Self.repository(store)
            _ = try await database.createRegistrationToken(id: "reg", name: "fleet", secretHash: "h", audit: Self.audit("agent_token.create"))
            let agent = try await database.registerAgent(
                AgentRegistration(name: "mac", tags: ["platform": "ios"], slots: 4), registrationTokenID: "reg", tokenID: "t", secretHash: "h", now: Self.t0)
            let results = await database.recordDeliveries([
                try Self.write("a", to: app, builds: [Self.draft(app)]), try Self.write("b", to: app, builds: [Self.draft(app)]),
            ])
            let first = try #require(Self.buildIDs(in: try results[0].get()).first)
            let build = try #require(try await database.build(id: first))
            #expect(build.jobs?.map(\.stepKey) == ["build", "test"])
            #expect(build.jobs?.last?.pendingReason == "waiting for step build")
            var claimed: [String] = []
            while let job = try await database.claimNextJob(agent: agent, leaseSeconds: 60, now: Self.t0.addingTimeInterval(1)) { claimed.append(job.stepKey) }
            #expect(claimed == ["build", "build"], "each build's first step, and no step waiting for another")
        }
    }

    @Test("a batch with two builds of one pull request: the later cancels the earlier and the older one, never the reverse", arguments: StoreBackend.available)
    func supersede(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore(clock: ManualClock(at: Self.t0)) { store async throws in
            let database = store.database
            let app = try await Self.repository(store)
            let older = try await database.createBuild(Self.draft(app, pullRequest: 7), audit: Self.audit("build.create"))
            let results = await database.recordDeliveries([
                try Self.write("a", to: app, builds: [Self.draft(app, pullRequest: 7)]), try Self.write("b", to: app, builds: [Self.draft(app, pullRequest: 7)]),
            ])
            let middleID = try #require(Self.buildIDs(in: try results[0].get()).first)
            let newestID = try #require(Self.buildIDs(in: try results[1].get()).first)
            let middle = try #require(try await database.build(id: middleID))
            let newest = try #require(try await database.build(id: newestID))
            let oldest = try #require(try await database.build(id: older.id))
            #expect(oldest.state == .canceled && oldest.cancelReason == "superseded by build #2")
            #expect(middle.state == .canceled && middle.cancelReason == "superseded by build #3")
            #expect(newest.state == .pending && newest.cancelReason == nil)
        }
    }
}
