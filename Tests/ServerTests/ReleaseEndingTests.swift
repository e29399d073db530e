import Core
import DI
import Foundation
import GitHosts
import HTTPTypes
import HummingbirdTesting
import Notifications
import Releases
import StoreFakes
import Testing
@testable import Server

/// How a release ends when people end it, and what it says while it cannot be driven.
@Suite("Failing a release, releasing by hand, and stores without credentials")
struct ReleaseEndingTests {
    /// Brings the release of ``ReleaseStoreTruthTests/withRelease(train:_:)`` to its rollout:
    /// Google Play at 10%, the App Store on day 1 (1%).
    static func rollOut(_ world: FakeReleaseWorld, _ client: any TestClientProtocol, _ service: ReleaseTrainService, _ clock: ManualClock, _ time: TrainClock, _ id: Int) async throws {
        try await ReleaseStoreTruthTests.submit(client, service, clock, time, id)
        await world.approveReview()
        await service.check(on: clock, at: time.at(day: 24, 9))
        #expect(try await client.send(.get, "/api/v1/releases/\(id)").body["state"] as? String == "rolling_out")
    }

    @Test("fail is a person's action: it ends a release users have and stops its rollout on both stores")
    func failStopsTheRollout() async throws {
        try await ReleaseStoreTruthTests.withRelease { world, client, service, clock, time, id in
            try await Self.rollOut(world, client, service, clock, time, id)
            let rolling = try await client.send(.get, "/api/v1/releases/\(id)")
            #expect(rolling.body["allowedActions"] as? [String] == ["advance", "halt", "fail"])

            let failed = try await client.send(.post, "/api/v1/releases/\(id)/fail", json: #"{"reason": "superseded by 1.2.0"}"#)
            #expect(failed.status == .ok, "\(failed.body)")
            #expect(failed.body["state"] as? String == "failed")
            #expect(failed.body["reason"] as? String == "superseded by 1.2.0")
            #expect(failed.body["allowedActions"] as? [String] == [])
            #expect(await world.playTrackUpdates().last?.status == "halted")
            #expect(await world.appStore.phasedState == "PAUSED", "Apple's phased release would go on to everyone by itself")
            #expect(try await client.releaseActions(id).suffix(2) == ["fail", "store_halt"])
            let refusals = await world.refusals
            #expect(refusals.isEmpty, "\(refusals)")
            #expect(try await client.send(.post, "/api/v1/releases/\(id)/fail").status == .conflict)
        }
    }

    @Test("released by a person's advance, each store shows recorded_by_hand at the share the train last saw, never 100%")
    func releasedByHand() async throws {
        try await ReleaseStoreTruthTests.withRelease { world, client, service, clock, time, id in
            try await Self.rollOut(world, client, service, clock, time, id)
            let released = try await client.send(.post, "/api/v1/releases/\(id)/advance")
            #expect(released.body["state"] as? String == "released")
            let stores = released.body["stores"] as? [String: [String: Any]]
            #expect(stores?["ios"]?["state"] as? String == "recorded_by_hand")
            #expect(stores?["ios"]?["percent"] as? Double == 1)
            #expect(stores?["android"]?["state"] as? String == "recorded_by_hand")
            #expect(stores?["android"]?["percent"] as? Double == 10)
            #expect(released.body["rolloutPercent"] as? Double == 1, "the lowest share the stores were seen at")
        }
    }

    @Test("without store credentials or identifiers the release names every variable and identifier it waits for")
    func missingCredentialsAreNamed() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-train-\(UUID().uuidString)")
        try await FakeReleaseWorld.run { _, fake in
            let server = try await TestServer.make(in: directory, backgroundServices: false, configure: {
                ReleaseFiles.install(in: $0, train: ReleaseStoreTruthTests.train())
                $0.notifier = NotifierConfiguration(githubAPIURL: fake, githubToken: ReleaseCredentials.githubToken)
            }, customize: {
                // No store credential at all, whatever the test process's environment holds.
                $0.override(ReleaseTrainSettings.self, instance: ReleaseTrainSettings(trainsPath: directory.appendingPathComponent("pipelines/trains").path))
            })
            let service = try await server.server.container.resolve(ReleaseTrainService.self)
            try await server.test { client in
                _ = try await client.send(.post, "/api/v1/repositories", json: #"{"name": "acme/mobile-app", "provider": "github", "cloneURL": "https://github.com/acme/mobile-app.git", "defaultBranch": "main"}"#)
                let id = try #require(try await client.send(.post, "/api/v1/releases", json: #"{"train": "mobile-app"}"#).body["id"] as? Int)
                await service.checkOnce()
                #expect(try await client.passAllJobs(agent: try await AgentAPITests.registerAgent(client)) == 1)
                await service.checkOnce()
                _ = try await client.send(.post, "/api/v1/releases/\(id)/approve", json: #"{"gate": "qa"}"#)
                await service.checkOnce()
                let release = try await client.send(.get, "/api/v1/releases/\(id)")
                #expect(release.body["state"] as? String == "submitting")
                let problem = release.body["problem"] as? String ?? ""
                for name in [
                    "MOBILE_OPS_ASC_ISSUER_ID", "MOBILE_OPS_ASC_KEY_ID", "MOBILE_OPS_ASC_KEY", "MOBILE_OPS_ASC_KEY_FILE",
                    "MOBILE_OPS_PLAY_SERVICE_ACCOUNT_JSON", "MOBILE_OPS_PLAY_SERVICE_ACCOUNT_FILE", "iosAppID", "androidPackage",
                    "/api/v1/releases/\(id)/store", "advance",
                ] {
                    #expect(problem.contains(name), "\(name) missing from: \(problem)")
                }
            }
        }
    }
}
