import Core
import DI
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import Server

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

    /// 2026-11-21 at `hour`:`minute` UTC.
    static func at(_ hour: Int, _ minute: Int, day: Int = 21) -> Date {
        var components = DateComponents(timeZone: TimeZone(identifier: "UTC"), year: 2026, month: 11, day: day, hour: hour, minute: minute)
        components.calendar = Calendar(identifier: .gregorian)
        return components.date ?? Date(timeIntervalSince1970: 0)
    }

    @Test("each occurrence starts one build of the default branch; a missed one runs once after a restart")
    func firesOncePerOccurrence() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-schedule-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let configure: (inout ServerConfiguration) -> Void = { configuration in
            try? Self.nightly.write(toFile: configuration.pipelinesPath + "/nightly.yml", atomically: true, encoding: .utf8)
        }
        let first = try await TestServer.make(in: directory, configure: configure)
        try await first.server.makeApplication().test(.router) { client in
            let created = try await client.send(.post, "/api/v1/repositories", json: #"{"name": "acme/ios-app", "provider": "github", "cloneURL": "https://github.com/acme/ios-app.git", "defaultBranch": "develop"}"#)
            #expect(created.status == .created)
        }
        let service = try await first.server.container.resolve(ScheduledBuildService.self)
        // First sight at 15:00: yesterday's 02:00 is not run retroactively.
        #expect(service.checkOnce(now: Self.at(15, 0, day: 20)).isEmpty)
        #expect(service.checkOnce(now: Self.at(1, 59)).isEmpty)
        let started = service.checkOnce(now: Self.at(2, 0))
        #expect(started.count == 1)
        let build = try #require(started.first)
        #expect(build.pipeline == "nightly")
        #expect(build.trigger == "schedule")
        #expect(build.branch == "develop")
        #expect(build.commitSHA == "develop")
        #expect(service.checkOnce(now: Self.at(2, 0)).isEmpty, "the same occurrence never runs twice")
        #expect(service.checkOnce(now: Self.at(9, 30)).isEmpty)

        // The server is down over the next 02:00 and comes back at 07:00: one catch-up build.
        let second = try await TestServer.make(in: directory, configure: configure)
        let restarted = try await second.server.container.resolve(ScheduledBuildService.self)
        #expect(restarted.checkOnce(now: Self.at(7, 0, day: 22)).count == 1)
        #expect(restarted.checkOnce(now: Self.at(7, 1, day: 22)).isEmpty)
        try await second.test { client in
            let list = try await client.send(.get, "/api/v1/builds?branch=develop")
            #expect((list.body["builds"] as? [[String: Any]])?.count == 2)
        }
    }
}
