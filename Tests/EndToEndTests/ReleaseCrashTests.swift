import ChildProcesses
import Foundation
import Testing
import TestSupport

/// A release killed with SIGKILL again and again from sign-off to the end of its Play rollout:
/// half the kills land at the worst moment (Play has committed a change and the server has not
/// heard back, so it cannot have recorded it), half at random moments. After each restart the
/// server must re-make the unrecorded call rather than skip it, never record a call it did not
/// make, and still finish the rollout, one step after another.
///
/// The random moments come from a seeded generator; the seed is printed, and
/// `MOBILE_OPS_CRASH_SEED=<seed>` replays them.
@Suite("End to end: a release survives SIGKILLs from submission to the end of its rollout", .serialized, .timeLimit(.minutes(5)))
struct ReleaseCrashTests {
    /// Server kills per run; odd ones while a Play commit's answer is held.
    static let kills = 10
    /// How long a random kill waits after the restart.
    static let killWindow = 200...1_500

    /// Many short steps, so that the kills land inside the rollout.
    static let train = TrainFile.text(
        name: "crash-train", repository: "acme/e2e", platforms: "[android]", rcPipeline: "e2e-rc",
        rollout: """
        rollout:
          android: {track: production, steps: [1, 2, 3, 5, 8, 10, 15, 20, 25, 30, 40, 50, 60, 75, 90, 100], soak: 2s}
        """)
    /// What Play must see, once each and in this order, with repeats only as retries.
    static let expectedTrack = ["draft"] + [1, 2, 3, 5, 8, 10, 15, 20, 25, 30, 40, 50, 60, 75, 90].map { "inProgress \(Double($0) / 100)" } + ["completed"]

    @Test("every Play change is made in order, an unanswered one is re-made after the restart, and every recorded step was made")
    func killsFromSubmissionToRelease() async throws {
        let seed = CrashConsistencyTests.seed()
        print("crash consistency (release): seed \(seed)")
        var random = CrashConsistencyTests.SeededGenerator(seed: seed)
        let fleet = try Fleet()
        defer { fleet.stop() }
        let (repository, _) = try await fleet.makeRepository()
        try await FakeHostAndPlay.run(repository: repository) { fake, url in
            let environment = try Fleet.releaseEnvironment(fakeURL: url)
            try await fleet.startServer(pipeline: Fleet.releaseCandidatePipeline, train: Self.train, environment: environment)
            let signedOff = try await fleet.startReleaseToSignOff(train: "crash-train", repository: repository)
            let id = try #require(signedOff["id"] as? Int, "\(signedOff)")
            try await fleet.call("POST", "/api/v1/releases/\(id)/approve", json: #"{"gate": "qa"}"#)

            // Where each held commit sits in Play's history: the next entry must be its retry.
            var heldAt: [Int] = []
            var kills = 0
            for round in 1...Self.kills {
                if round % 2 == 1 {
                    await fake.holdCommits()
                    guard try await Self.commitHeld(fake) else { break }
                    heldAt.append(await fake.trackUpdates().count)
                } else {
                    try await Task.sleep(for: .milliseconds(Int.random(in: Self.killWindow, using: &random)))
                }
                let pid = try #require(fleet.server?.pid)
                kill(pid, SIGKILL)
                await fleet.serverExited()
                fleet.expectDatabaseWhole(after: "kill \(kills + 1)")
                await fake.releaseHeldCommits()
                kills += 1
                try await fleet.startServer(pipeline: Fleet.releaseCandidatePipeline, train: Self.train, environment: environment)
                if await fake.trackUpdates().last?.status == "completed" { break }
            }

            let release = try await fleet.waitForRelease(id, state: "released", limit: .seconds(120))
            let track = await fake.trackUpdates().map { $0.status == "inProgress" ? "inProgress \($0.fraction ?? 0)" : $0.status }
            print("crash consistency (release): \(kills) kills, \(heldAt.count) while Play's answer was held; Play saw \(track.count) changes for \(Self.expectedTrack.count) steps")
            #expect(kills >= Self.kills - 1, "the rollout ended after \(kills) kills: it is too short to be killed \(Self.kills) times")
            #expect(Self.collapsingRepeats(track) == Self.expectedTrack, "Play's changes: \(track)")
            for index in heldAt {
                #expect(index < track.count && track[index] == track[index - 1], "the change held at \(index) (\(track[index - 1])) was not re-made first: \(track)")
            }
            // A step is recorded once, after Play has it.
            let recorded = Self.recordedSteps(release)
            #expect(recorded == recorded.sorted() && Set(recorded).count == recorded.count, "rollout steps recorded out of order or twice: \(recorded)")
            let made = Set(track)
            #expect(recorded.allSatisfy { made.contains("inProgress \($0 / 100)") }, "recorded steps \(recorded) that Play never had: \(track)")
            let refusals = await fake.refusals
            #expect(refusals.isEmpty, "Play refused: \(refusals)")
        }
    }

    /// Waits until a Play commit's answer is held; false when the rollout completed instead.
    static func commitHeld(_ fake: FakeHostAndPlay) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if await fake.heldCommitCount > 0 { return true }
            if await fake.trackUpdates().last?.status == "completed" { return false }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("no Play commit within 30 s")
        return false
    }

    /// `list` with runs of equal neighbours made one.
    static func collapsingRepeats(_ list: [String]) -> [String] {
        list.reduce(into: []) { result, item in
            if result.last != item { result.append(item) }
        }
    }

    /// The Play percentages of the release's `rollout_step` events, in order.
    static func recordedSteps(_ release: [String: Any]) -> [Double] {
        (release["events"] as? [[String: Any]] ?? []).compactMap { event in
            guard event["action"] as? String == "rollout_step", let detail = event["detail"] as? String,
                  let range = detail.range(of: #"Google Play [0-9.]+%"#, options: .regularExpression) else { return nil }
            return Double(detail[range].dropFirst("Google Play ".count).dropLast())
        }
    }
}
