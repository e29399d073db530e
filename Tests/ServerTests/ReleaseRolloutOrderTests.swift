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

/// A health breach that arrives while the scheduler's rollout step is still waiting for
/// Google Play: the two must not interleave, or Play ends up rolling out a halted release.
@Suite("Release actions wait for the step in flight")
struct ReleaseRolloutOrderTests {
    static let train = """
        name: android-app
        repository: acme/mobile-app
        platforms: [android]
        cadence: manual
        version: {scheme: semver, bump: minor}
        release_branch: release/{version}
        rc_pipeline: release-candidate
        signoff: [qa]
        rollout:
          android: {track: production, steps: [20, 100], soak: 1h}
        health:
          - {metric: crash_free_users, comparator: "<", threshold: 99.0, min_sample: 100}
        """

    @Test("a breach reported while Play is slow to take the first step halts Play after that step, at its fraction", arguments: DateShift.all)
    func breachDuringRolloutStep(shift: TimeInterval) async throws {
        let time = TrainClock(shift: shift)
        let clock = ManualClock(at: time.at(day: 23, 9))
        try await FakeReleaseWorld.run { world, fake in
            let credentials = try ReleaseCredentials(tokenURL: fake + "/token")
            let server = try await TestServer.releaseTrain(fake: fake, credentials: credentials, train: Self.train, clock: clock)
            let service = try await server.server.container.resolve(ReleaseTrainService.self)
            try await server.test { client in
                let id = try await Self.startWithPassedCandidate(client, service: service, clock: clock, time: time)
                let approved = try await client.send(.post, "/api/v1/releases/\(id)/approve", json: #"{"gate": "qa"}"#)
                #expect(approved.body["state"] as? String == "submitting")

                // The scheduler submits, and its first rollout step waits on a slow Play.
                await world.holdRollouts()
                let check = Task { await service.check(on: clock, at: time.at(day: 23, 12)) }
                for _ in 0..<200 where !(await world.isHoldingARollout) { try await Task.sleep(for: .milliseconds(50)) }
                #expect(await world.isHoldingARollout)

                // The breach arrives meanwhile; Play answers the step a moment later.
                async let breach = client.send(.post, "/api/v1/releases/\(id)/health", json: #"{"metric": "crash_free_users", "value": 95.0, "sampleSize": 800, "platform": "android"}"#)
                try await Task.sleep(for: .milliseconds(500))
                await world.releaseRollouts()
                let answer = try await breach
                _ = await check.value

                #expect(answer.body["halted"] as? Bool == true)
                let updates = await world.playTrackUpdates()
                #expect(updates.map(\.status) == ["draft", "inProgress", "halted"])
                #expect(updates.last?.fraction == 0.2)
                let release = try await client.send(.get, "/api/v1/releases/\(id)")
                #expect(release.body["state"] as? String == "halted")
                #expect(release.body["rolloutPercent"] as? Double == 20)
            }
        }
    }

    @Test("while halted the soak clock stops: after resume the next step waits for the rest of its soak")
    func haltStopsTheSoakClock() async throws {
        let time = TrainClock(shift: 0)
        let clock = ManualClock(at: time.at(day: 23, 9))
        try await FakeReleaseWorld.run { world, fake in
            let credentials = try ReleaseCredentials(tokenURL: fake + "/token")
            let server = try await TestServer.releaseTrain(fake: fake, credentials: credentials, train: Self.train, clock: clock)
            let service = try await server.server.container.resolve(ReleaseTrainService.self)
            try await server.test { client in
                let id = try await Self.startWithPassedCandidate(client, service: service, clock: clock, time: time)
                _ = try await client.send(.post, "/api/v1/releases/\(id)/approve", json: #"{"gate": "qa"}"#)
                // Submitted and the first step (20 %) taken at 12:00.
                await service.check(on: clock, at: time.at(day: 23, 12))
                await service.check(on: clock, at: time.at(day: 23, 12, 1))
                let firstStep = await world.playTrackUpdates()
                #expect(firstStep.last?.fraction == 0.2, "\(firstStep)")

                // Halted after 30 minutes of soak, resumed five hours later.
                clock.set(time.at(day: 23, 12, 30))
                _ = try await client.send(.post, "/api/v1/releases/\(id)/halt", json: #"{"reason": "checking a crash"}"#)
                clock.set(time.at(day: 23, 17, 30))
                #expect(try await client.send(.post, "/api/v1/releases/\(id)/resume").body["state"] as? String == "rolling_out")
                let afterResume = await world.playTrackUpdates().count
                await service.check(on: clock, at: time.at(day: 23, 17, 31))
                let early = await world.playTrackUpdates()
                #expect(early.count == afterResume, "only 31 minutes have soaked: \(early)")
                // 30 + 31 minutes rolling out: the hour is up.
                await service.check(on: clock, at: time.at(day: 23, 18, 1))
                #expect(await world.playTrackUpdates().count > afterResume, "the next step after a full soak")
            }
        }
    }

    /// Registers the repository, starts a release of `android-app`, passes its release
    /// candidate on an agent and brings it to sign-off (23 November, 10:00 and 11:00).
    static func startWithPassedCandidate(
        _ client: some TestClientProtocol, service: ReleaseTrainService, clock: ManualClock, time: TrainClock
    ) async throws -> Int {
        _ = try await client.send(.post, "/api/v1/repositories", json: #"{"name": "acme/mobile-app", "provider": "github", "cloneURL": "https://github.com/acme/mobile-app.git", "defaultBranch": "main"}"#)
        let started = try await client.send(.post, "/api/v1/releases", json: #"{"train": "android-app", "store": {"androidPackage": "com.acme.mobile", "androidVersionCodes": ["4200"]}}"#)
        let id = try #require(started.body["id"] as? Int, "\(started.body)")
        await service.check(on: clock, at: time.at(day: 23, 10))
        let agent = try await AgentAPITests.registerAgent(client)
        #expect(try await client.passAllJobs(agent: agent) == 1)
        await service.check(on: clock, at: time.at(day: 23, 11))
        return id
    }
}
