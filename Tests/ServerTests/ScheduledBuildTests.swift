import Core
import DI
import Foundation
import HTTPTypes
import HummingbirdTesting
import Scheduling
import Testing
@testable import Server
import TestSupport

/// `triggers.schedule`: the clock starts builds, once per occurrence, across restarts.
@Suite("Scheduled builds")
struct ScheduledBuildTests {
    static let nightly = """
        name: nightly
        repositories: [acme/ios-app]
        triggers:
          schedule: daily at 02:00
          manual: false
        steps:
          - key: build
            command: echo nightly
        """

    /// 2026-11-21 at `hour`:`minute` UTC, moved by `shift`.
    static func at(_ hour: Int, _ minute: Int, day: Int = 21, shift: TimeInterval) -> Date {
        DateShift.utc(2026, 11, day, hour, minute, shift: shift)
    }

    static func writeNightly(_ configuration: inout ServerConfiguration) {
        try? Self.nightly.write(toFile: configuration.pipelinesPath + "/nightly.yml", atomically: true, encoding: .utf8)
    }

    static let repository = #"{"name": "acme/ios-app", "provider": "github", "cloneURL": "https://github.com/acme/ios-app.git", "defaultBranch": "develop"}"#

    @Test("each occurrence starts one build of the default branch; a missed one runs once after a restart", arguments: DateShift.all)
    func firesOncePerOccurrence(shift: TimeInterval) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-schedule-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let at = { (hour: Int, minute: Int, day: Int) in Self.at(hour, minute, day: day, shift: shift) }
        let clock = ManualClock(at: at(15, 0, 20))
        let first = try await TestServer.make(in: directory, clock: clock, backgroundServices: false, configure: Self.writeNightly)
        try await first.server.makeApplication().test(.router) { client in
            let created = try await client.send(.post, "/api/v1/repositories", json: Self.repository)
            #expect(created.status == .created)
        }
        let service = try await first.server.container.resolve(ScheduledBuildService.self)
        let check = { (hour: Int, minute: Int, day: Int) -> [Build] in
            clock.set(at(hour, minute, day))
            return await service.checkOnce()
        }
        // First sight at 15:00: yesterday's 02:00 is not run retroactively.
        await #expect(check(15, 0, 20).isEmpty)
        await #expect(check(1, 59, 21).isEmpty)
        let started = await check(2, 0, 21)
        #expect(started.count == 1)
        let build = try #require(started.first)
        #expect(build.pipeline == "nightly")
        #expect(build.trigger == "schedule")
        #expect(build.branch == "develop")
        #expect(build.commitSHA == "develop")
        #expect(build.createdAt == at(2, 0, 21), "the build is created at the clock's time")
        await #expect(check(2, 0, 21).isEmpty, "the same occurrence never runs twice")
        await #expect(check(9, 30, 21).isEmpty)

        // The server is down over the next 02:00 and comes back at 07:00: one catch-up build.
        clock.set(at(7, 0, 22))
        let second = try await TestServer.make(in: directory, clock: clock, backgroundServices: false, configure: Self.writeNightly)
        let restarted = try await second.server.container.resolve(ScheduledBuildService.self)
        #expect(await restarted.checkOnce().count == 1)
        clock.set(at(7, 1, 22))
        #expect(await restarted.checkOnce().isEmpty)
        try await second.test { client in
            let list = try await client.send(.get, "/api/v1/builds?branch=develop")
            #expect((list.body["builds"] as? [[String: Any]])?.count == 2)
        }
    }

    @Test("the server's own schedule loop runs on the injected clock, not the machine's", arguments: DateShift.all)
    func loopUsesInjectedClock(shift: TimeInterval) async throws {
        let clock = ManualClock(at: Self.at(1, 0, shift: shift))
        let server = try await TestServer.make(clock: clock, configure: Self.writeNightly)
        let service = try await server.server.container.resolve(ScheduledBuildService.self)
        try await server.test { client in
            #expect(try await client.send(.post, "/api/v1/repositories", json: Self.repository).status == .created)
            // First sight at 01:00 (the loop may see it too: the same instant, the same answer).
            #expect(await service.checkOnce().isEmpty)
            // Past the loop's 15 s interval and past 02:00: only the loop can start this build.
            clock.set(Self.at(2, 1, shift: shift))
            var builds: [[String: Any]] = []
            // Up to 20 s: under the whole suite's parallel load the loop's task may start late.
            for _ in 0..<2_000 where builds.isEmpty {
                try await Task.sleep(for: .milliseconds(10))
                builds = try await client.send(.get, "/api/v1/builds?branch=develop").body["builds"] as? [[String: Any]] ?? []
            }
            #expect(builds.count == 1, "one build for the 02:00 occurrence of the test's clock")
            #expect(builds.first?["trigger"] as? String == "schedule")
        }
    }
}
