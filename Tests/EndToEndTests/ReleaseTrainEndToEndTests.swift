import Foundation
import Testing
import TestSupport

/// The release train with real processes: the server's own scheduler cuts the branch through a
/// fake GitHub, builds the release candidate on a real agent, submits to a fake Google Play
/// after sign-off, rolls out in steps, halts on a health breach, resumes and completes.
@Suite("End to end: the release train with a real server and agent", .serialized, .timeLimit(.minutes(4)))
struct ReleaseTrainEndToEndTests {
    static let train = TrainFile.text(
        name: "e2e-train", repository: "acme/e2e", platforms: "[android]", rcPipeline: "e2e-rc",
        rollout: """
        rollout:
          android: {track: production, steps: [20, 100], soak: 10s}
        health:
          - {metric: crash_free_users, comparator: "<", threshold: 99.5, min_sample: 100}
        """)

    @Test("cadence-free start → branch cut → RC on a real agent → sign-off → Play rollout → breach halts → resume → released", arguments: ServerBackend.available)
    func releaseTrain(_ backend: ServerBackend) async throws {
        let fleet = try Fleet()
        defer { fleet.stop() }
        try await backend.prepare(fleet)
        let (repository, _) = try await fleet.makeRepository()
        try await FakeHostAndPlay.run(repository: repository) { fake, url in
            try await fleet.startServer(pipeline: Fleet.releaseCandidatePipeline, train: Self.train, environment: try Fleet.releaseEnvironment(fakeURL: url))
            var release = try await fleet.startReleaseToSignOff(train: "e2e-train", repository: repository)
            let id = try #require(release["id"] as? Int, "\(release)")
            // The scheduler cut release/1.0.0 (in the repository too) and built the RC on the agent.
            await #expect(try FakeHostAndPlay.git(["branch", "--list", "release/*"], in: repository).contains("release/1.0.0"))
            let rcBuild = try #require(release["rcBuildID"] as? Int)
            let build = try await fleet.call("GET", "/api/v1/builds/\(rcBuild)")
            #expect(build["state"] as? String == "passed")
            #expect(build["branch"] as? String == "release/1.0.0")
            let job = try #require((build["jobs"] as? [[String: Any]])?.first?["id"] as? Int)
            #expect(try await fleet.log(job: job).contains("rc of 1.0.0 on origin/release/1.0.0"))

            // QA signs off: submitted to Play, then the first rollout step.
            try await fleet.call("POST", "/api/v1/releases/\(id)/approve", json: #"{"gate": "qa"}"#)
            release = try await fleet.waitForRelease(id, state: "rolling_out")
            // The state is stored before the store call returns: wait for Play to see the step.
            try await Self.eventually("Play at 20 %") { await fake.trackUpdates().last.map { $0.status == "inProgress" && $0.fraction == 0.2 } ?? false }

            // A crash-rate breach halts the Play rollout.
            let breach = try await fleet.call("POST", "/api/v1/releases/\(id)/health", json: #"{"metric": "crash_free_users", "value": 97.0, "sampleSize": 500, "platform": "android"}"#)
            #expect(breach["halted"] as? Bool == true)
            try await Self.eventually("Play halted") { await fake.trackUpdates().last?.status == "halted" }
            try await Task.sleep(for: .seconds(2))
            #expect(try await fleet.call("GET", "/api/v1/releases/\(id)")["state"] as? String == "halted", "the scheduler leaves a halted release alone")

            // Resume, soak, complete.
            try await fleet.call("POST", "/api/v1/releases/\(id)/resume")
            release = try await fleet.waitForRelease(id, state: "released", limit: .seconds(60))
            #expect(await fake.trackUpdates().last?.status == "completed")
            let events = (release["events"] as? [[String: Any]] ?? []).compactMap { $0["action"] as? String }
            for expected in ["cut_branch", "rc_build_started", "rc_build_passed", "approve", "submit", "halt", "resume", "rollout_complete"] {
                #expect(events.contains(expected), "missing \(expected) in \(events)")
            }
            #expect(await fake.requests(containing: "/git/refs").count == 1)
            let refusals = await fake.refusals
            #expect(refusals.isEmpty, "the fakes refused: \(refusals)")
        }
    }

    /// Polls `condition` for up to 30 s; records an issue naming `what` if it never holds.
    static func eventually(_ what: String, _ condition: () async -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if await condition() { return }
            try await Task.sleep(for: .milliseconds(200))
        }
        Issue.record("\(what) did not happen within 30 s")
    }
}
