import Core
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import Server

/// One vocabulary for an agent's presence, from one rule, in every view.
@Suite("Agent presence")
struct AgentPresenceTests {
    /// The presence the agents list, the dashboard and `/metrics` give the only agent.
    static func views(_ client: some TestClientProtocol) async throws -> (list: String?, dashboard: String?, prometheus: String) {
        let list = try await client.send(.get, "/api/v1/agents").body["agents"] as? [[String: Any]]
        let dashboard = try await client.send(.get, "/api/v1/dashboard").body["agents"] as? [String: Any]
        let scrape = try await client.execute(uri: "/metrics", method: .get) { String(buffer: $0.body) }
        let line = scrape.split(separator: "\n").first { $0.hasPrefix("mobile_ops_agents{") && $0.hasSuffix(" 1.0") }
        let state = line.flatMap { $0.split(separator: "\"").dropFirst().first.map(String.init) } ?? "none"
        return (list?.first?["state"] as? String, (dashboard?["agents"] as? [[String: Any]])?.first?["state"] as? String, state)
    }

    @Test("an agent silent for the lease is offline in the list, the dashboard, /metrics and pending reasons; a poll brings it back")
    func silentAgentIsOfflineEverywhere() async throws {
        let clock = ManualClock(at: Date(timeIntervalSince1970: 1_800_000_000))
        try await TestServer.make(clock: clock, backgroundServices: false).test { client in
            let agent = try await AgentAPITests.registerAgent(client, tags: ["platform": "android"])
            _ = try await AgentAPITests.next(client, agent: agent)
            var views = try await Self.views(client)
            #expect(views.list == "idle" && views.dashboard == "idle" && views.prometheus == "idle", "\(views)")

            // Killed: it stops polling. Within the lease it still counts; past it, offline.
            clock.advance(by: 59)
            #expect(try await Self.views(client).list == "idle")
            clock.advance(by: 2)
            views = try await Self.views(client)
            #expect(views.list == "offline" && views.dashboard == "offline" && views.prometheus == "offline", "\(views)")
            let build = try await AgentAPITests.trigger(client)
            let shown = try await client.send(.get, "/api/v1/builds/\(build)")
            let reasons = (shown.body["jobs"] as? [[String: Any]])?.compactMap { $0["pendingReason"] as? String } ?? []
            #expect(reasons.contains("no agent is online (none polled within the lease)"), "\(reasons)")

            _ = try await client.send(.post, "/api/v1/agent/jobs/next?wait=0", token: agent)
            views = try await Self.views(client)
            #expect(views.list == views.dashboard && views.dashboard == views.prometheus, "\(views)")
            #expect(views.list == "idle" || views.list == "busy")
        }
    }
}
