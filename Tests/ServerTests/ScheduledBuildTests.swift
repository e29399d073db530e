import Core
import DI
import Foundation
import HTTPTypes
import HummingbirdTesting
import Scheduling
import Testing
@testable import Server
import TestSupport

/// `triggers.schedule` in the server: its own loop runs on the injected clock (the service
/// itself is tested in `SchedulingTests`).
@Suite("Scheduled builds")
struct ScheduledBuildTests {
    static func writeNightly(_ configuration: inout ServerConfiguration) {
        try? NightlyPipeline.yaml.write(toFile: configuration.pipelinesPath + "/nightly.yml", atomically: true, encoding: .utf8)
    }

    static let repository = #"{"name": "acme/ios-app", "provider": "github", "cloneURL": "https://github.com/acme/ios-app.git", "defaultBranch": "develop"}"#

    @Test("the server's own schedule loop runs on the injected clock, not the machine's", arguments: DateShift.all)
    func loopUsesInjectedClock(shift: TimeInterval) async throws {
        let clock = ManualClock(at: NightlyPipeline.at(1, 0, shift: shift))
        let server = try await TestServer.make(clock: clock, configure: Self.writeNightly)
        let service = try await server.server.container.resolve(ScheduledBuildService.self)
        try await server.test { client in
            #expect(try await client.send(.post, "/api/v1/repositories", json: Self.repository).status == .created)
            // First sight at 01:00 (the loop may see it too: the same instant, the same answer).
            #expect(await service.checkOnce().isEmpty)
            // Past the loop's 15 s interval and past 02:00: only the loop can start this build.
            clock.set(NightlyPipeline.at(2, 1, shift: shift))
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
