import Core
import DistributionFakes
import Foundation
import ReleaseDriver
import Store
import StoreSQLite
import Testing
import TestSupport

/// What the train does must match what the stores do, against fakes that refuse what
/// Apple's and Google's documentation does not allow.
@Suite("Release train and the stores' real state")
struct ReleaseDistributionTruthTests {
    /// A manual two-store train; `health` is the train file's `health:` value.
    static func train(health: String = "[{metric: crash_free_users, comparator: \"<\", threshold: 99.0, min_sample: 100}]") -> String {
        TrainFile.text(
            name: "mobile-app", repository: "acme/mobile-app", platforms: "[android, ios]", rcPipeline: "release-candidate",
            rollout: """
            rollout:
              android: {track: production, steps: [10, 50, 100], soak: 1h}
              ios: {phased: true}
            health: \(health)
            """)
    }

    /// Runs `body` against the driver with `train`, a release brought to sign-off, and the time.
    static func withRelease(
        train: String = Self.train(),
        _ body: @escaping @Sendable (FakeReleaseWorld, ReleaseDriverHarness, TrainClock, Int64) async throws -> Void
    ) async throws {
        let time = TrainClock(shift: DateShift.whole)
        let clock = ManualClock(at: time.at(day: 23, 9))
        try await ReleaseDriverHarness.run(train: train, clock: clock) { world, harness in
            try await harness.registerRepository()
            let id = try await harness.start(train: "mobile-app", distributionIDs: ReleaseDistributionIDs.decode(
                #"{"androidPackage": "com.acme.mobile", "androidVersionCodes": ["4200"], "iosAppID": "1234567890"}"#))
            await harness.check(at: time.at(day: 23, 10))
            #expect(try await harness.passAllJobs(tags: ["platform": "ios"]) == 1)
            await harness.check(at: time.at(day: 23, 11))
            try await body(world, harness, time, id)
        }
    }

    /// Signs the gate and lets the scheduler submit: the release is in review.
    static func submit(_ harness: ReleaseDriverHarness, _ time: TrainClock, _ id: Int64) async throws {
        _ = try await harness.driver.approve(id, gate: "qa", actor: ReleaseDriverHarness.actor, now: harness.clock.now)
        await harness.check(at: time.at(day: 23, 12))
        #expect(try await harness.release(id).state == "in_review")
    }

    @Test("canceling a release in review withdraws the App Store submission; an approval after that never puts it on sale")
    func cancelWithdrawsTheSubmission() async throws {
        try await Self.withRelease { world, harness, time, id in
            try await Self.submit(harness, time, id)
            let manual = await world.requests("/v1/appStoreVersions/", method: "PATCH")
            #expect(manual.first?.text.contains(#""releaseType":"MANUAL""#) == true, "the version waits for the train once approved")
            let canceled = try await harness.driver.cancel(id, reason: "wrong build", actor: ReleaseDriverHarness.actor, now: harness.clock.now)
            #expect(canceled.state == "canceled")
            let withdrawal = await world.requests("/v1/reviewSubmissions/sub-1", method: "PATCH").last
            #expect(withdrawal?.text.contains(#""canceled":true"#) == true)
            #expect(await world.appStore.submissionState == "CANCELING")

            await world.approveReview()
            await harness.check(at: time.at(day: 24, 9))
            #expect(await !world.appStore.isLive, "a canceled release is never on sale")
            #expect(await world.requests("/v1/appStoreVersionReleaseRequests").isEmpty)
            #expect(await world.playTrackUpdates().map(\.status) == ["draft"], "nothing promotes the Play draft")
            let refusals = await world.refusals
            #expect(refusals.isEmpty, "\(refusals)")
            let actions = try await harness.actions(id)
            #expect(actions.suffix(2) == ["cancel", "store_withdraw"])
        }
    }

    /// Checks that the App Store state the release shows is the one the last pass read, and
    /// that the pass read it.
    static func expectFresh(
        _ world: FakeReleaseWorld, _ harness: ReleaseDriverHarness, _ id: Int64, readsBefore: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let read = await world.appStore.statesRead
        #expect(read.count > readsBefore, "the pass did not read the App Store", sourceLocation: sourceLocation)
        let shown = try await harness.distribution(id)["ios"]?.storeState
        #expect(shown != nil && shown == read.last, "shows \(shown ?? "nothing"), the store said \(read.last ?? "nothing")", sourceLocation: sourceLocation)
    }

    @Test("a release halted in review keeps reading the App Store: Apple's approval shows at once, and does not put it on sale; after resume the train releases it")
    func haltInReviewHoldsTheApprovedVersion() async throws {
        try await Self.withRelease { world, harness, time, id in
            try await Self.submit(harness, time, id)
            _ = try await harness.driver.halt(id, reason: "hold on", actor: ReleaseDriverHarness.actor, now: harness.clock.now)
            await world.approveReview()
            let reads = await world.appStore.statesRead.count
            await harness.check(at: time.at(day: 24, 9))
            #expect(await world.appStore.versionState == "PENDING_DEVELOPER_RELEASE")
            #expect(await world.requests("/v1/appStoreVersionReleaseRequests").isEmpty)
            try await Self.expectFresh(world, harness, id, readsBefore: reads)
            #expect(try await harness.release(id).state == "halted")
            #expect(try await harness.distribution(id)["ios"]?.state == "halted", "approved by Apple, held by the halt")
            #expect(try await harness.actions(id).last == "store_state")

            _ = try await harness.driver.resume(id, actor: ReleaseDriverHarness.actor, now: harness.clock.now)
            await harness.check(at: time.at(day: 24, 10))
            #expect(await world.requests("/v1/appStoreVersionReleaseRequests", method: "POST").count == 1)
            #expect(await world.appStore.isLive)
            let statuses = try await harness.distribution(id)
            #expect(statuses["ios"]?.state == "rolling_out")
            #expect(statuses["ios"]?.percent == 1)
            let refusals = await world.refusals
            #expect(refusals.isEmpty, "\(refusals)")
        }
    }

    @Test("a phased release made in App Store Connect's website is found through the version and used, never re-created")
    func existingPhasedReleaseIsUsed() async throws {
        try await Self.withRelease { world, harness, time, id in
            await world.enablePhasedReleaseOnWebsite()
            try await Self.submit(harness, time, id)
            await world.approveReview()
            for hour in 9...12 { await harness.check(at: time.at(day: 24, hour)) }
            #expect(await world.requests("/v1/appStoreVersionPhasedReleases", method: "POST").isEmpty)
            #expect(await world.requests("/appStoreVersionPhasedRelease", method: "GET").count >= 2)
            let refusals = await world.refusals
            #expect(refusals.isEmpty, "\(refusals)")
        }
    }

    @Test("health.halt: breached_store halts only Play, keeps watching the App Store, and the stores say so")
    func breachedDistributionOnly() async throws {
        let health = "{halt: breached_store, rules: [{metric: crash_free_users, comparator: \"<\", threshold: 99.0, min_sample: 100}]}"
        try await Self.withRelease(train: Self.train(health: health)) { world, harness, time, id in
            try await Self.submit(harness, time, id)
            await world.approveReview()
            await harness.check(at: time.at(day: 24, 9))
            _ = try await harness.reportHealth(id, metric: "crash_free_users", value: 97.5, sampleSize: 5000, platform: "android")
            #expect(await world.playTrackUpdates().last?.status == "halted")
            #expect(await world.requests("/v1/appStoreVersionPhasedReleases/phase-1", method: "PATCH").isEmpty, "the App Store keeps rolling out")

            await world.setPhasedDay(3)
            await harness.check(at: time.at(day: 26, 9))
            #expect(try await harness.release(id).state == "halted")
            let statuses = try await harness.distribution(id)
            #expect(statuses["android"]?.state == "halted")
            #expect(statuses["android"]?.percent == 10)
            #expect(statuses["ios"]?.state == "rolling_out")
            #expect(statuses["ios"]?.percent == 5, "the App Store is still read while the release is halted")
            #expect(try await harness.actions(id).last == "store_rollout")
            let refusals = await world.refusals
            #expect(refusals.isEmpty, "\(refusals)")
        }
    }

    @Test("by default a breach on one store halts both (health.halt: all)")
    func defaultHaltsBothStores() async throws {
        try await Self.withRelease { world, harness, time, id in
            try await Self.submit(harness, time, id)
            await world.approveReview()
            await harness.check(at: time.at(day: 24, 9))
            _ = try await harness.reportHealth(id, metric: "crash_free_users", value: 97.5, sampleSize: 5000, platform: "android")
            #expect(await world.appStore.phasedState == "PAUSED")
            #expect(await world.playTrackUpdates().last?.status == "halted")
            let statuses = try await harness.distribution(id)
            #expect(statuses["android"]?.state == "halted")
            #expect(statuses["ios"]?.state == "halted")
        }
    }

    @Test("after advance past a failed submission the train reads the App Store before it claims anything, and a breach still pauses it")
    func advancePastFailedSubmission() async throws {
        try await Self.withRelease { world, harness, time, id in
            // App Store Connect has no version of this number yet: the submission fails.
            await world.setVersionString("0.9.9")
            _ = try await harness.driver.approve(id, gate: "qa", actor: ReleaseDriverHarness.actor, now: harness.clock.now)
            await harness.check(at: time.at(day: 23, 12))
            let stuck = try await harness.release(id)
            #expect(stuck.state == "submitting")
            #expect(stuck.problem?.contains("create it in App Store Connect") == true, "\(stuck.problem ?? "no problem")")

            // A person submits it in App Store Connect and tells the train.
            await world.setVersionString(stuck.version)
            await world.submitOnWebsite()
            await world.enablePhasedReleaseOnWebsite()
            #expect(try await harness.driver.advance(id, actor: ReleaseDriverHarness.actor, now: harness.clock.now).state == "in_review")
            await world.approveReview()
            await harness.check(at: time.at(day: 24, 9))
            #expect(try await harness.release(id).state == "rolling_out")
            let store = try await harness.distributionIDs(id)
            #expect(store.iosComplete == false, "\(store)")
            #expect(store.iosPercent == 1)

            _ = try await harness.reportHealth(id, metric: "crash_free_users", value: 97.0, sampleSize: 5000, platform: "ios")
            #expect(await world.appStore.phasedState == "PAUSED", "a breach always tries the store")
        }
    }

    @Test("the audit log names each store's share, and the RC build shows its commit")
    func auditNamesStores() async throws {
        try await Self.withRelease { world, harness, time, id in
            try await Self.submit(harness, time, id)
            await world.approveReview()
            await harness.check(at: time.at(day: 24, 9))
            let step = try await harness.events(id).last { $0.action == "rollout_step" }?.detail
            #expect(step == "Google Play 10%, App Store 1%")
            let buildID = try #require(try await harness.release(id).rcBuildID)
            let build = try await harness.database.build(id: buildID)
            #expect(build?.commitSHA.isEmpty == false, "the RC build records its commit")
        }
    }
}
