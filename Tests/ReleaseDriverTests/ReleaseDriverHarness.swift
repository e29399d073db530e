import Core
import DistributionFakes
import Foundation
import GitHosts
import HTTPClient
import Logging
import Pipelines
import ReleaseDriver
import ReleaseTrain
import Scheduling
import Store
import StoreSQLite
import TestSupport

/// The release driver as the server composes it, without the HTTP layer: a SQLite store in a
/// temporary folder, the RC pipeline and one train, the git host and both stores at
/// ``FakeReleaseWorld``, and a manual clock. Tests act as the API would, through the driver
/// and the release service, and read the release from the store.
struct ReleaseDriverHarness: Sendable {
    /// Who the tests' actions are recorded under.
    static let actor = "tests"

    let directory: TemporaryDirectory
    let database: AppDatabase
    let releases: ReleaseService
    let catalog: TrainCatalog
    let driver: ReleaseDriver
    let clock: ManualClock
    let http: HTTPClient

    /// Composes the driver for `train` against the fake at `fake`, on `clock`, with the store
    /// credentials `environment` holds.
    static func make(fake: String, environment: [String: String], train: String, clock: ManualClock) async throws -> ReleaseDriverHarness {
        let directory = try TemporaryDirectory("releases")
        let pipelinesPath = directory.path("pipelines")
        try FileManager.default.createDirectory(atPath: pipelinesPath, withIntermediateDirectories: true)
        ReleaseFiles.install(pipelinesPath: pipelinesPath, train: train)
        var logger = Logger(label: "ReleaseDriverTests")
        logger.logLevel = .critical
        let database = try AppDatabase.open(path: directory.path("db/mobile-ops.sqlite"), clock: clock)
        let library = PipelineLibrary(directory: pipelinesPath)
        _ = library.reload()
        let settings = ReleaseTrainSettings.fromEnvironment(environment, pipelinesPath: pipelinesPath)
        let catalog = TrainCatalog(store: database, clock: clock, repositories: database, pipelines: library)
        _ = await catalog.loadFolder(settings.trainsPath, logger: logger)
        let releases = ReleaseService(store: database, catalog: catalog)
        let http = HTTPClient()
        let hosts = GitHostClients(configuration: NotifierConfiguration(githubAPIURL: fake, githubToken: ReleaseCredentials.githubToken), http: http)
        let driver = ReleaseDriver(
            releases: releases, catalog: catalog, repositories: database, builds: database, planner: BuildPlanner(library: library),
            dispatcher: JobDispatcher(queue: database, leaseSeconds: 60, clock: clock, logger: logger), cutter: GitBranchCutter(hosts: hosts),
            distribution: DistributionClients(settings: settings, http: http, clock: clock), logger: logger
        )
        return ReleaseDriverHarness(directory: directory, database: database, releases: releases, catalog: catalog, driver: driver, clock: clock, http: http)
    }

    /// Runs `body` with a harness for `train` and ``FakeReleaseWorld`` (with ``ReleaseCredentials``
    /// for both stores, or none), then closes the store, the HTTP client and removes the folder.
    static func run(
        train: String, clock: ManualClock, storeCredentials: Bool = true,
        _ body: @escaping @Sendable (FakeReleaseWorld, ReleaseDriverHarness) async throws -> Void
    ) async throws {
        try await FakeReleaseWorld.run { world, fake in
            let environment = storeCredentials ? try ReleaseCredentials(tokenURL: fake + "/token").environment(fake: fake) : [:]
            let harness = try await make(fake: fake, environment: environment, train: train, clock: clock)
            do {
                try await body(world, harness)
            } catch {
                await harness.close()
                throw error
            }
            await harness.close()
        }
    }

    /// Closes the store and the client and removes the folder.
    func close() async {
        await database.close()
        await http.shutdown()
        directory.remove()
    }

    // MARK: Acting

    /// Moves the clock to `instant` and runs one scheduler check there.
    @discardableResult
    func check(at instant: Date) async -> [StoredRelease] {
        clock.set(instant)
        return await driver.checkOnce(now: instant)
    }

    /// Registers `acme/mobile-app` on GitHub, as the train names it.
    func registerRepository() async throws {
        _ = try await database.createRepository(
            name: "acme/mobile-app", provider: .github, cloneURL: "https://github.com/acme/mobile-app.git", defaultBranch: "main",
            webhookSecret: "webhook-secret", audit: AuditEvent(occurredAt: clock.now, actor: Self.actor, action: "repository.create", subject: "repository")
        )
    }

    /// Starts a release of train `name` with `distributionIDs`, as `POST /api/v1/releases` does.
    func start(train name: String, distributionIDs: ReleaseDistributionIDs? = nil) async throws -> Int64 {
        let train = try await catalog.train(name)
        let started = try await releases.start(train, actor: Self.actor, now: clock.now, distributionIDs: distributionIDs)
        guard let started else { throw ServiceError.notFound("no release was started") }
        return started.id
    }

    /// Registers an agent with `tags` and passes every job it can get; answers how many ran.
    @discardableResult
    func passAllJobs(tags: [String: String]) async throws -> Int {
        let suffix = UUID().uuidString
        _ = try await database.createRegistrationToken(
            id: "reg-\(suffix)", name: "fleet", secretHash: "h",
            audit: AuditEvent(occurredAt: clock.now, actor: Self.actor, action: "agent_token.create", subject: "agent_token")
        )
        let agent = try await database.registerAgent(
            AgentRegistration(name: "agent-\(suffix)", tags: tags, slots: 1), registrationTokenID: "reg-\(suffix)",
            tokenID: "agent-\(suffix)", secretHash: "h", now: clock.now
        )
        var ran = 0
        while let job = try await database.claimNextJob(agent: agent, leaseSeconds: 60, now: clock.now) {
            _ = try await database.startJob(id: job.jobID, agentID: agent.id, leaseSeconds: 60, now: clock.now)
            try await database.finishJob(id: job.jobID, agentID: agent.id, outcome: JobOutcome(state: .passed, exitStatus: 0, commandDurations: [0.1]), now: clock.now)
            ran += 1
        }
        return ran
    }

    /// Reports one health reading, as `POST /api/v1/releases/{id}/health` does.
    func reportHealth(_ id: Int64, metric: String, value: Double, sampleSize: Int, platform: String) async throws -> StoredRelease {
        let json = #"{"metric": "\#(metric)", "value": \#(value), "sampleSize": \#(sampleSize), "platform": "\#(platform)"}"#
        let sample = try JSONDecoder().decode(ReleaseDriver.Sample.self, from: Data(json.utf8))
        return try await driver.reportHealth(id, samples: [sample], actor: Self.actor, now: clock.now).release
    }

    // MARK: Reading

    /// The release as stored.
    func release(_ id: Int64) async throws -> StoredRelease {
        guard let release = try await database.release(id: id) else { throw ServiceError.notFound("no release with id \(id)") }
        return release
    }

    /// What each app store does with the release, as the API shows it under `stores`.
    func distribution(_ id: Int64) async throws -> [String: ReleaseDistributionStatus] {
        let release = try await release(id)
        let platforms = try await catalog.train(id: release.trainID).definition.platforms
        return ReleaseDistributionStatus.all(machine: try ReleaseService.decode(release.machine), ids: ReleaseDistributionIDs.decode(release.storeIDs), platforms: platforms)
    }

    /// The store identifiers and states the release recorded, as the API shows them under `store`.
    func distributionIDs(_ id: Int64) async throws -> ReleaseDistributionIDs {
        ReleaseDistributionIDs.decode(try await release(id).storeIDs)
    }

    /// What a person can do with the release now, as the API shows it under `allowedActions`.
    func allowedActions(_ id: Int64) async throws -> [String] {
        try ReleaseService.decode(try await release(id).machine).userActions.map(\.rawValue)
    }

    /// The release's events' action names, in order.
    func actions(_ id: Int64) async throws -> [String] {
        try await database.releaseEvents(releaseID: id).map(\.action)
    }

    /// The release's events, in order.
    func events(_ id: Int64) async throws -> [StoredReleaseEvent] {
        try await database.releaseEvents(releaseID: id)
    }

    /// The share of users the release reaches, as the API shows it: the lowest of its stores'.
    func rolloutPercent(_ id: Int64) async throws -> Double {
        let release = try await release(id)
        let platforms = try await catalog.train(id: release.trainID).definition.platforms
        return ReleaseDriver.lowestShare(ReleaseDistributionIDs.decode(release.storeIDs), platforms: platforms)
    }
}
