import Core
import DistributionFakes
import Foundation
import ReleaseDriver
import ReleaseTrain
import Store
import Testing
import TestSupport

/// How a release ends when people end it, and what it says while it cannot be driven.
@Suite("Failing a release, releasing by hand, and stores without credentials")
struct ReleaseEndingTests {
    /// Brings the release of ``ReleaseDistributionTruthTests/withRelease(train:_:)`` to its rollout:
    /// Google Play at 10%, the App Store on day 1 (1%).
    static func rollOut(_ world: FakeReleaseWorld, _ harness: ReleaseDriverHarness, _ time: TrainClock, _ id: Int64) async throws {
        try await ReleaseDistributionTruthTests.submit(harness, time, id)
        await world.approveReview()
        await harness.check(at: time.at(day: 24, 9))
        #expect(try await harness.release(id).state == "rolling_out")
    }

    @Test("fail is a person's action: it ends a release users have and stops its rollout on both stores")
    func failStopsTheRollout() async throws {
        try await ReleaseDistributionTruthTests.withRelease { world, harness, time, id in
            try await Self.rollOut(world, harness, time, id)
            #expect(try await harness.allowedActions(id) == ["advance", "halt", "fail"])

            let failed = try await harness.driver.fail(id, reason: "superseded by 1.2.0", actor: ReleaseDriverHarness.actor, now: harness.clock.now)
            #expect(failed.state == "failed")
            #expect(try ReleaseService.decode(failed.machine).reason == "superseded by 1.2.0")
            #expect(try await harness.allowedActions(id) == [])
            #expect(await world.playTrackUpdates().last?.status == "halted")
            #expect(await world.appStore.phasedState == "PAUSED", "Apple's phased release would go on to everyone by itself")
            #expect(try await harness.actions(id).suffix(2) == ["fail", "store_halt"])
            let refusals = await world.refusals
            #expect(refusals.isEmpty, "\(refusals)")
            // Refused as the API's 409 is: a transition the release does not allow.
            do {
                _ = try await harness.driver.fail(id, reason: "again", actor: ReleaseDriverHarness.actor, now: harness.clock.now)
                Issue.record("a failed release was failed again")
            } catch {
                #expect(error is ReleaseTransitionError || error is ReleaseConflict, "\(error)")
            }
        }
    }

    @Test("released by a person's advance, each store shows recorded_by_hand at the share the train last saw, never 100%")
    func releasedByHand() async throws {
        try await ReleaseDistributionTruthTests.withRelease { world, harness, time, id in
            try await Self.rollOut(world, harness, time, id)
            let released = try await harness.driver.advance(id, actor: ReleaseDriverHarness.actor, now: harness.clock.now)
            #expect(released.state == "released")
            let statuses = try await harness.distribution(id)
            #expect(statuses["ios"]?.state == "recorded_by_hand")
            #expect(statuses["ios"]?.percent == 1)
            #expect(statuses["android"]?.state == "recorded_by_hand")
            #expect(statuses["android"]?.percent == 10)
            #expect(try await harness.rolloutPercent(id) == 1, "the lowest share the stores were seen at")
        }
    }

    @Test("without store credentials or identifiers the release names every variable and identifier it waits for")
    func missingCredentialsAreNamed() async throws {
        let time = TrainClock(shift: DateShift.whole)
        let clock = ManualClock(at: time.at(day: 23, 9))
        // No store credential at all, whatever the test process's environment holds.
        try await ReleaseDriverHarness.run(train: ReleaseDistributionTruthTests.train(), clock: clock, storeCredentials: false) { _, harness in
            try await harness.registerRepository()
            let id = try await harness.start(train: "mobile-app")
            await harness.check(at: time.at(day: 23, 10))
            #expect(try await harness.passAllJobs(tags: ["platform": "ios"]) == 1)
            await harness.check(at: time.at(day: 23, 11))
            _ = try await harness.driver.approve(id, gate: "qa", actor: ReleaseDriverHarness.actor, now: clock.now)
            await harness.check(at: time.at(day: 23, 12))
            let release = try await harness.release(id)
            #expect(release.state == "submitting")
            let problem = release.problem ?? ""
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
