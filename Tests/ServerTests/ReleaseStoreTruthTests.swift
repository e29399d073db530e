import Core
import DI
import Foundation
import HTTPTypes
import HummingbirdTesting
import Releases
import StoreFakes
import Testing
@testable import Server
import TestSupport

/// What the train does must match what the stores do, against fakes that refuse what
/// Apple's and Google's documentation does not allow.
@Suite("Release train and the stores' real state")
struct ReleaseStoreTruthTests {
    /// A manual two-store train; `health` is the train file's `health:` value.
    static func train(health: String = "[{metric: crash_free_users, comparator: \"<\", threshold: 99.0, min_sample: 100}]") -> String {
        """
        name: mobile-app
        repository: acme/mobile-app
        platforms: [android, ios]
        cadence: manual
        version: {scheme: semver, bump: minor}
        release_branch: release/{version}
        rc_pipeline: release-candidate
        signoff: [qa]
        rollout:
          android: {track: production, steps: [10, 50, 100], soak: 1h}
          ios: {phased: true}
        health: \(health)
        """
    }

    /// Runs `body` against a server with `train`, a release brought to sign-off, and the time.
    static func withRelease(
        train: String = Self.train(),
        _ body: @escaping @Sendable (FakeReleaseWorld, any TestClientProtocol, ReleaseTrainService, ManualClock, TrainClock, Int) async throws -> Void
    ) async throws {
        let time = TrainClock(shift: DateShift.whole)
        let clock = ManualClock(at: time.at(day: 23, 9))
        try await FakeReleaseWorld.run { world, fake in
            let credentials = try ReleaseCredentials(tokenURL: fake + "/token")
            let server = try await TestServer.releaseTrain(fake: fake, credentials: credentials, train: train, clock: clock)
            let service = try await server.server.container.resolve(ReleaseTrainService.self)
            try await server.test { client in
                _ = try await client.send(.post, "/api/v1/repositories", json: #"{"name": "acme/mobile-app", "provider": "github", "cloneURL": "https://github.com/acme/mobile-app.git", "defaultBranch": "main"}"#)
                let started = try await client.send(.post, "/api/v1/releases", json: #"{"train": "mobile-app", "store": {"androidPackage": "com.acme.mobile", "androidVersionCodes": ["4200"], "iosAppID": "1234567890"}}"#)
                let id = try #require(started.body["id"] as? Int, "\(started.body)")
                await service.check(on: clock, at: time.at(day: 23, 10))
                let agent = try await AgentAPITests.registerAgent(client)
                #expect(try await client.passAllJobs(agent: agent) == 1)
                await service.check(on: clock, at: time.at(day: 23, 11))
                try await body(world, client, service, clock, time, id)
            }
        }
    }

    /// Signs the gate and lets the scheduler submit: the release is in review.
    static func submit(_ client: any TestClientProtocol, _ service: ReleaseTrainService, _ clock: ManualClock, _ time: TrainClock, _ id: Int) async throws {
        _ = try await client.send(.post, "/api/v1/releases/\(id)/approve", json: #"{"gate": "qa"}"#)
        await service.check(on: clock, at: time.at(day: 23, 12))
        #expect(try await client.send(.get, "/api/v1/releases/\(id)").body["state"] as? String == "in_review")
    }

    static func stores(_ client: any TestClientProtocol, _ id: Int) async throws -> [String: [String: Any]] {
        try await client.send(.get, "/api/v1/releases/\(id)").body["stores"] as? [String: [String: Any]] ?? [:]
    }

    @Test("canceling a release in review withdraws the App Store submission; an approval after that never puts it on sale")
    func cancelWithdrawsTheSubmission() async throws {
        try await Self.withRelease { world, client, service, clock, time, id in
            try await Self.submit(client, service, clock, time, id)
            let manual = await world.requests("/v1/appStoreVersions/", method: "PATCH")
            #expect(manual.first?.text.contains(#""releaseType":"MANUAL""#) == true, "the version waits for the train once approved")
            let canceled = try await client.send(.post, "/api/v1/releases/\(id)/cancel", json: #"{"reason": "wrong build"}"#)
            #expect(canceled.body["state"] as? String == "canceled")
            let withdrawal = await world.requests("/v1/reviewSubmissions/sub-1", method: "PATCH").last
            #expect(withdrawal?.text.contains(#""canceled":true"#) == true)
            #expect(await world.appStore.submissionState == "CANCELING")

            await world.approveReview()
            await service.check(on: clock, at: time.at(day: 24, 9))
            #expect(await !world.appStore.isLive, "a canceled release is never on sale")
            #expect(await world.requests("/v1/appStoreVersionReleaseRequests").isEmpty)
            #expect(await world.playTrackUpdates().map(\.status) == ["draft"], "nothing promotes the Play draft")
            let refusals = await world.refusals
            #expect(refusals.isEmpty, "\(refusals)")
            let actions = try await client.releaseActions(id)
            #expect(actions.suffix(2) == ["cancel", "store_withdraw"])
        }
    }

    /// Checks that the App Store state the release shows is the one the last pass read, and
    /// that the pass read it.
    static func expectFresh(_ world: FakeReleaseWorld, _ client: any TestClientProtocol, _ id: Int, readsBefore: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let read = await world.appStore.statesRead
        #expect(read.count > readsBefore, "the pass did not read the App Store", sourceLocation: sourceLocation)
        let shown = try await Self.stores(client, id)["ios"]?["storeState"] as? String
        #expect(shown != nil && shown == read.last, "shows \(shown ?? "nothing"), the store said \(read.last ?? "nothing")", sourceLocation: sourceLocation)
    }

    @Test("a release halted in review keeps reading the App Store: Apple's approval shows at once, and does not put it on sale; after resume the train releases it")
    func haltInReviewHoldsTheApprovedVersion() async throws {
        try await Self.withRelease { world, client, service, clock, time, id in
            try await Self.submit(client, service, clock, time, id)
            _ = try await client.send(.post, "/api/v1/releases/\(id)/halt", json: #"{"reason": "hold on"}"#)
            await world.approveReview()
            let reads = await world.appStore.statesRead.count
            await service.check(on: clock, at: time.at(day: 24, 9))
            #expect(await world.appStore.versionState == "PENDING_DEVELOPER_RELEASE")
            #expect(await world.requests("/v1/appStoreVersionReleaseRequests").isEmpty)
            try await Self.expectFresh(world, client, id, readsBefore: reads)
            let held = try await client.send(.get, "/api/v1/releases/\(id)")
            #expect(held.body["state"] as? String == "halted")
            let ios = (held.body["stores"] as? [String: [String: Any]])?["ios"]
            #expect(ios?["state"] as? String == "halted", "approved by Apple, held by the halt: \(held.body)")
            #expect(try await client.releaseActions(id).last == "store_state")

            _ = try await client.send(.post, "/api/v1/releases/\(id)/resume")
            await service.check(on: clock, at: time.at(day: 24, 10))
            #expect(await world.requests("/v1/appStoreVersionReleaseRequests", method: "POST").count == 1)
            #expect(await world.appStore.isLive)
            let stores = try await Self.stores(client, id)
            #expect(stores["ios"]?["state"] as? String == "rolling_out")
            #expect(stores["ios"]?["percent"] as? Double == 1)
            let refusals = await world.refusals
            #expect(refusals.isEmpty, "\(refusals)")
        }
    }

    @Test("a phased release made in App Store Connect's website is found through the version and used, never re-created")
    func existingPhasedReleaseIsUsed() async throws {
        try await Self.withRelease { world, client, service, clock, time, id in
            await world.enablePhasedReleaseOnWebsite()
            try await Self.submit(client, service, clock, time, id)
            await world.approveReview()
            for hour in 9...12 { await service.check(on: clock, at: time.at(day: 24, hour)) }
            #expect(await world.requests("/v1/appStoreVersionPhasedReleases", method: "POST").isEmpty)
            #expect(await world.requests("/appStoreVersionPhasedRelease", method: "GET").count >= 2)
            let refusals = await world.refusals
            #expect(refusals.isEmpty, "\(refusals)")
        }
    }

    @Test("health.halt: breached_store halts only Play, keeps watching the App Store, and the stores say so")
    func breachedStoreOnly() async throws {
        let health = "{halt: breached_store, rules: [{metric: crash_free_users, comparator: \"<\", threshold: 99.0, min_sample: 100}]}"
        try await Self.withRelease(train: Self.train(health: health)) { world, client, service, clock, time, id in
            try await Self.submit(client, service, clock, time, id)
            await world.approveReview()
            await service.check(on: clock, at: time.at(day: 24, 9))
            _ = try await client.send(.post, "/api/v1/releases/\(id)/health", json: #"{"metric": "crash_free_users", "value": 97.5, "sampleSize": 5000, "platform": "android"}"#)
            #expect(await world.playTrackUpdates().last?.status == "halted")
            #expect(await world.requests("/v1/appStoreVersionPhasedReleases/phase-1", method: "PATCH").isEmpty, "the App Store keeps rolling out")

            await world.setPhasedDay(3)
            await service.check(on: clock, at: time.at(day: 26, 9))
            let release = try await client.send(.get, "/api/v1/releases/\(id)")
            #expect(release.body["state"] as? String == "halted")
            let stores = release.body["stores"] as? [String: [String: Any]]
            #expect(stores?["android"]?["state"] as? String == "halted")
            #expect(stores?["android"]?["percent"] as? Double == 10)
            #expect(stores?["ios"]?["state"] as? String == "rolling_out")
            #expect(stores?["ios"]?["percent"] as? Double == 5, "the App Store is still read while the release is halted")
            #expect(try await client.releaseActions(id).last == "store_rollout")
            let refusals = await world.refusals
            #expect(refusals.isEmpty, "\(refusals)")
        }
    }

    @Test("by default a breach on one store halts both (health.halt: all)")
    func defaultHaltsBothStores() async throws {
        try await Self.withRelease { world, client, service, clock, time, id in
            try await Self.submit(client, service, clock, time, id)
            await world.approveReview()
            await service.check(on: clock, at: time.at(day: 24, 9))
            _ = try await client.send(.post, "/api/v1/releases/\(id)/health", json: #"{"metric": "crash_free_users", "value": 97.5, "sampleSize": 5000, "platform": "android"}"#)
            #expect(await world.appStore.phasedState == "PAUSED")
            #expect(await world.playTrackUpdates().last?.status == "halted")
            let stores = try await Self.stores(client, id)
            #expect(stores["android"]?["state"] as? String == "halted")
            #expect(stores["ios"]?["state"] as? String == "halted")
        }
    }

    @Test("after advance past a failed submission the train reads the App Store before it claims anything, and a breach still pauses it")
    func advancePastFailedSubmission() async throws {
        try await Self.withRelease { world, client, service, clock, time, id in
            // App Store Connect has no version of this number yet: the submission fails.
            await world.setVersionString("0.9.9")
            _ = try await client.send(.post, "/api/v1/releases/\(id)/approve", json: #"{"gate": "qa"}"#)
            await service.check(on: clock, at: time.at(day: 23, 12))
            let stuck = try await client.send(.get, "/api/v1/releases/\(id)")
            #expect(stuck.body["state"] as? String == "submitting")
            #expect((stuck.body["problem"] as? String)?.contains("create it in App Store Connect") == true, "\(stuck.body)")

            // A person submits it in App Store Connect and tells the train.
            let version = try #require(stuck.body["version"] as? String)
            await world.setVersionString(version)
            await world.submitOnWebsite()
            await world.enablePhasedReleaseOnWebsite()
            #expect(try await client.send(.post, "/api/v1/releases/\(id)/advance").body["state"] as? String == "in_review")
            await world.approveReview()
            await service.check(on: clock, at: time.at(day: 24, 9))
            let release = try await client.send(.get, "/api/v1/releases/\(id)")
            #expect(release.body["state"] as? String == "rolling_out")
            let store = release.body["store"] as? [String: Any]
            #expect(store?["iosComplete"] as? Bool == false, "\(release.body)")
            #expect(store?["iosPercent"] as? Double == 1)

            _ = try await client.send(.post, "/api/v1/releases/\(id)/health", json: #"{"metric": "crash_free_users", "value": 97.0, "sampleSize": 5000, "platform": "ios"}"#)
            #expect(await world.appStore.phasedState == "PAUSED", "a breach always tries the store")
        }
    }

    @Test("the audit log names each store's share, and the RC build shows its commit")
    func auditNamesStores() async throws {
        try await Self.withRelease { world, client, service, clock, time, id in
            try await Self.submit(client, service, clock, time, id)
            await world.approveReview()
            await service.check(on: clock, at: time.at(day: 24, 9))
            let release = try await client.send(.get, "/api/v1/releases/\(id)")
            let events = release.body["events"] as? [[String: Any]] ?? []
            let step = events.last { $0["action"] as? String == "rollout_step" }?["detail"] as? String
            #expect(step == "Google Play 10%, App Store 1%")
            let build = release.body["rcBuild"] as? [String: Any]
            #expect((build?["commitSHA"] as? String)?.isEmpty == false, "\(release.body)")
        }
    }
}
