import Core
import DI
import DistributionFakes
import Foundation
import GitHosts
import HTTPTypes
import HummingbirdTesting
import Insights
import Logging
import Notifications
@testable import Server
import ReleaseDriver
import Testing
import TestSupport

// MARK: - Files

extension ReleaseFiles {
    /// Writes the RC pipeline and (unless `train` is nil) the train into the server's folders.
    static func install(in configuration: ServerConfiguration, train: String? = ReleaseFiles.train) {
        install(pipelinesPath: configuration.pipelinesPath, train: train)
    }
}

// MARK: - Checks

extension ReleaseTrainService {
    /// Moves the test's clock to `instant` and runs one check there.
    @discardableResult
    func check(on clock: ManualClock, at instant: Date) async -> [Int64] {
        clock.set(instant)
        return await checkOnce()
    }
}

// MARK: - Server

extension TestServer {
    /// A server whose release train talks to the fake at `fake` with `credentials`,
    /// logging into `logs` when given.
    static func releaseTrain(
        fake: String, credentials: ReleaseCredentials, in directory: URL? = nil, train: String? = ReleaseFiles.train, logs: RecordedLogs? = nil,
        clock: ManualClock? = nil, configure: (inout ServerConfiguration) -> Void = { _ in }
    ) async throws -> TestServer {
        let directory = directory ?? FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-train-\(UUID().uuidString)")
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.databasePath = directory.appendingPathComponent("db/mobile-ops.sqlite").path
        configuration.adminToken = TestServer.adminToken
        configuration.pipelinesPath = directory.appendingPathComponent("pipelines").path
        configuration.notifier = NotifierConfiguration(githubAPIURL: fake, githubToken: ReleaseCredentials.githubToken)
        configuration.buildMetrics.notifyWebhookURL = fake + "/team-webhook"
        try FileManager.default.createDirectory(atPath: configuration.pipelinesPath, withIntermediateDirectories: true)
        try TestPipelines.ci.write(toFile: configuration.pipelinesPath + "/app-ci.yml", atomically: true, encoding: .utf8)
        ReleaseFiles.install(in: configuration, train: train)
        configure(&configuration)
        let settings = ReleaseTrainSettings.fromEnvironment(credentials.environment(fake: fake), pipelinesPath: configuration.pipelinesPath)
        var logger = logs?.logger() ?? Logger(label: "test")
        if logs == nil { logger.logLevel = .critical }
        var server = try await MobileOpsServer.compose(configuration: configuration, logger: logger) { builder in
            builder.override(ReleaseTrainSettings.self, instance: settings)
            if let clock { builder.override((any TimeSource).self, instance: clock) }
        }
        // A test on a manual clock runs the checks itself: a loop woken by the clock would race it.
        if clock != nil { server.backgroundServices = [] }
        return TestServer(directory: directory, server: server)
    }
}

extension TestClientProtocol {
    /// The release's events' action names, in order.
    func releaseActions(_ id: Int) async throws -> [String] {
        let release = try await send(.get, "/api/v1/releases/\(id)")
        return (release.body["events"] as? [[String: Any]] ?? []).compactMap { $0["action"] as? String }
    }

    /// Registers acme/mobile-app, runs the train's checks on Saturday noon and at Monday's
    /// start (day 23, 10:00), which starts a release, and passes its RC build on `agent`,
    /// expecting that one job; answers the release's id.
    func startReleaseWithPassedCandidate(service: ReleaseTrainService, clock: ManualClock, time: TrainClock, agent: String) async throws -> Int64 {
        _ = try await send(
            .post, "/api/v1/repositories",
            json: #"{"name": "acme/mobile-app", "provider": "github", "cloneURL": "https://github.com/acme/mobile-app.git", "defaultBranch": "main"}"#)
        await service.check(on: clock, at: time.at(day: 22, 12))
        let id = try #require(await service.check(on: clock, at: time.at(day: 23, 10)).first)
        #expect(try await passAllJobs(agent: agent) == 1)
        return id
    }

    /// Runs every job an agent can get, passing each; answers how many ran.
    @discardableResult
    func passAllJobs(agent: String) async throws -> Int {
        var ran = 0
        while let job = try await AgentAPITests.next(self, agent: agent) {
            guard let id = job["jobID"] as? Int else { break }
            _ = try await send(.post, "/api/v1/agent/jobs/\(id)/start", token: agent)
            _ = try await send(.post, "/api/v1/agent/jobs/\(id)/finish", token: agent, json: #"{"state": "passed", "exitStatus": 0, "commandDurations": [0.1]}"#)
            ran += 1
        }
        return ran
    }
}
