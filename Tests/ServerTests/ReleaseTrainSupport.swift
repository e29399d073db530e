import Core
import Crypto
import DI
import Foundation
import GitHosts
import HTTPTypes
import HummingbirdTesting
import Insights
import Logging
import Notifications
import Releases
import _CryptoExtras
@testable import Server
import TestSupport

// MARK: - Credentials

/// Throwaway store credentials, as the environment would hand them to the server.
struct ReleaseCredentials {
    static let githubToken = "ghp_release_train_secret_token_0001"
    static let clientEmail = "release-bot@acme.iam.gserviceaccount.com"
    static let issuer = "69a6de70-0000-47e3-e053-5b8c7c11a4d1"
    static let keyID = "ASCKEY1234"

    let playPEM: String
    let playJSON: String
    let ascPEM: String

    init(tokenURL: String) throws {
        playPEM = PlayTestKey.pem
        let fields = [
            "type": "service_account", "project_id": "acme", "private_key_id": "play-key-1", "private_key": playPEM,
            "client_email": Self.clientEmail, "token_uri": tokenURL,
        ]
        playJSON = String(decoding: try JSONSerialization.data(withJSONObject: fields), as: UTF8.self)
        ascPEM = P256.Signing.PrivateKey().pemRepresentation
    }

    /// The environment pointing every store at the fake.
    func environment(fake: String) -> [String: String] {
        [
            "MOBILE_OPS_PLAY_SERVICE_ACCOUNT_JSON": playJSON, "MOBILE_OPS_PLAY_API_URL": fake, "MOBILE_OPS_PLAY_TOKEN_URL": fake + "/token",
            "MOBILE_OPS_ASC_ISSUER_ID": Self.issuer, "MOBILE_OPS_ASC_KEY_ID": Self.keyID, "MOBILE_OPS_ASC_KEY": ascPEM,
            "MOBILE_OPS_ASC_API_URL": fake,
        ]
    }

    /// Pieces of the secrets that must never appear in API answers or logs.
    var secretFragments: [String] {
        let playBody = playPEM.split(separator: "\n").dropFirst().first.map(String.init) ?? playPEM
        let ascBody = ascPEM.split(separator: "\n").dropFirst().first.map(String.init) ?? ascPEM
        return [Self.githubToken, playBody, ascBody, FakeReleaseWorld.accessToken]
    }
}

// MARK: - Files

enum ReleaseFiles {
    /// The RC pipeline the train builds.
    static let rcPipeline = """
        name: release-candidate
        triggers:
          manual: true
        steps:
          - key: archive
            command: echo archive
            agents:
              platform: ios
        """

    /// A weekly train on both stores with two gates, three Play steps and a crash rule.
    static let train = """
        name: mobile-app
        repository: acme/mobile-app
        platforms: [android, ios]
        cadence: every week on monday at 10:00 UTC
        version: {scheme: semver, bump: minor}
        release_branch: release/{version}
        rc_pipeline: release-candidate
        signoff: [qa, product]
        rollout:
          android: {track: production, steps: [10, 50, 100], soak: 1h}
          ios: {phased: true}
        health:
          - {metric: crash_free_users, comparator: "<", threshold: 99.0, min_sample: 1000}
        """

    /// Writes the RC pipeline and (unless `train` is nil) the train into the server's folders.
    static func install(in configuration: ServerConfiguration, train: String? = ReleaseFiles.train) {
        try? rcPipeline.write(toFile: configuration.pipelinesPath + "/release-candidate.yml", atomically: true, encoding: .utf8)
        guard let train else { return }
        let folder = configuration.pipelinesPath + "/trains"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? train.write(toFile: folder + "/mobile-app.yml", atomically: true, encoding: .utf8)
    }
}

// MARK: - Clock

/// Instants in the week of Monday 2026-11-23 (UTC).
struct TrainClock {
    /// Seconds the whole fixture calendar is moved by (one of ``DateShift/all``).
    let shift: TimeInterval

    /// November `day`, 2026 at `hour`:`minute` UTC (a Monday is the 23rd), moved by the shift.
    func at(day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        DateShift.utc(2026, 11, day, hour, minute, shift: shift)
    }
}

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
        clock: ManualClock? = nil
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
