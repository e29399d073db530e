import Core
import DistributionFakes
import Foundation
import ReleaseDriver
import Store
import Testing
import TestSupport

/// A health breach that arrives while the scheduler's rollout step is still waiting for
/// Google Play: the two must not interleave, or Play ends up rolling out a halted release.
@Suite("Release actions wait for the step in flight")
struct ReleaseRolloutOrderTests {
    static let train = TrainFile.text(
        name: "android-app", repository: "acme/mobile-app", platforms: "[android]", rcPipeline: "release-candidate",
        rollout: """
        rollout:
          android: {track: production, steps: [20, 100], soak: 1h}
        health:
          - {metric: crash_free_users, comparator: "<", threshold: 99.0, min_sample: 100}
        """)

    @Test("a breach reported while Play is slow to take the first step halts Play after that step, at its fraction", arguments: DateShift.all)
    func breachDuringRolloutStep(shift: TimeInterval) async throws {
        let time = TrainClock(shift: shift)
        let clock = ManualClock(at: time.at(day: 23, 9))
        try await ReleaseDriverHarness.run(train: Self.train, clock: clock) { world, harness in
            let id = try await Self.startWithPassedCandidate(harness, time: time)
            let approved = try await harness.driver.approve(id, gate: "qa", actor: ReleaseDriverHarness.actor, now: clock.now)
            #expect(approved.state == "submitting")

            // The scheduler submits, and its first rollout step waits on a slow Play.
            await world.holdRollouts()
            let check = Task { await harness.check(at: time.at(day: 23, 12)) }
            for _ in 0..<200 where !(await world.isHoldingARollout) { try await Task.sleep(for: .milliseconds(50)) }
            #expect(await world.isHoldingARollout)

            // The breach arrives meanwhile; Play answers the step a moment later.
            async let breach = harness.reportHealth(id, metric: "crash_free_users", value: 95.0, sampleSize: 800, platform: "android")
            try await Task.sleep(for: .milliseconds(500))
            await world.releaseRollouts()
            let answer = try await breach
            _ = await check.value

            #expect(answer.state == "halted")
            let updates = await world.playTrackUpdates()
            #expect(updates.map(\.status) == ["draft", "inProgress", "halted"])
            #expect(updates.last?.fraction == 0.2)
            #expect(try await harness.release(id).state == "halted")
            #expect(try await harness.rolloutPercent(id) == 20)
        }
    }

    @Test("while halted the soak clock stops: after resume the next step waits for the rest of its soak")
    func haltStopsTheSoakClock() async throws {
        let time = TrainClock(shift: DateShift.whole)
        let clock = ManualClock(at: time.at(day: 23, 9))
        try await ReleaseDriverHarness.run(train: Self.train, clock: clock) { world, harness in
            let id = try await Self.startWithPassedCandidate(harness, time: time)
            _ = try await harness.driver.approve(id, gate: "qa", actor: ReleaseDriverHarness.actor, now: clock.now)
            // Submitted and the first step (20 %) taken at 12:00.
            await harness.check(at: time.at(day: 23, 12))
            await harness.check(at: time.at(day: 23, 12, 1))
            let firstStep = await world.playTrackUpdates()
            #expect(firstStep.last?.fraction == 0.2, "\(firstStep)")

            // Halted after 30 minutes of soak, resumed five hours later.
            clock.set(time.at(day: 23, 12, 30))
            _ = try await harness.driver.halt(id, reason: "checking a crash", actor: ReleaseDriverHarness.actor, now: clock.now)
            clock.set(time.at(day: 23, 17, 30))
            #expect(try await harness.driver.resume(id, actor: ReleaseDriverHarness.actor, now: clock.now).state == "rolling_out")
            let afterResume = await world.playTrackUpdates().count
            await harness.check(at: time.at(day: 23, 17, 31))
            let early = await world.playTrackUpdates()
            #expect(early.count == afterResume, "only 31 minutes have soaked: \(early)")
            // 30 + 31 minutes rolling out: the hour is up.
            await harness.check(at: time.at(day: 23, 18, 1))
            #expect(await world.playTrackUpdates().count > afterResume, "the next step after a full soak")
        }
    }

    /// Registers the repository, starts a release of `android-app`, passes its release
    /// candidate on an agent and brings it to sign-off (23 November, 10:00 and 11:00).
    static func startWithPassedCandidate(_ harness: ReleaseDriverHarness, time: TrainClock) async throws -> Int64 {
        try await harness.registerRepository()
        let id = try await harness.start(
            train: "android-app", distributionIDs: ReleaseDistributionIDs.decode(#"{"androidPackage": "com.acme.mobile", "androidVersionCodes": ["4200"]}"#))
        await harness.check(at: time.at(day: 23, 10))
        #expect(try await harness.passAllJobs(tags: ["platform": "ios"]) == 1)
        await harness.check(at: time.at(day: 23, 11))
        return id
    }
}
