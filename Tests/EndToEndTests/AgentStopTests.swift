import ChildProcesses
import Foundation
import Testing

/// An agent process stopped with SIGTERM while its long poll is parked, then started again:
/// the next build runs on another agent at once (not after a lease, no retry spent), and the
/// restarted agent is the same agent, not a second row.
@Suite("End to end: stopping and restarting an agent", .serialized, .timeLimit(.minutes(3)))
struct AgentStopTests {
    static let pipeline = """
        name: probe
        triggers:
          push:
            branches: [main]
        steps:
          - key: probe
            command: echo "probed on $MOBILE_OPS_AGENT_NAME"
            agents:
              platform: probe
        """

    /// The agents the server lists, by name (each name once: a second row is a failure).
    static func agents(_ fleet: Fleet) async throws -> [String: [String: Any]] {
        let listed = try await fleet.call("GET", "/api/v1/agents")["agents"] as? [[String: Any]] ?? []
        let names = listed.compactMap { $0["name"] as? String }
        #expect(Set(names).count == names.count, "one row per agent name: \(listed)")
        return Dictionary(listed.map { ($0["name"] as? String ?? "?", $0) }, uniquingKeysWith: { first, _ in first })
    }

    @Test("SIGTERM: the agent is offline at once and the next build's job goes to another agent in less than a lease; a restart keeps its id",
          arguments: ServerBackend.available)
    func stopAndRestart(_ backend: ServerBackend) async throws {
        let fleet = try Fleet()
        defer { fleet.stop() }
        try await backend.prepare(fleet)
        let (repository, sha) = try await fleet.makeRepository()
        // A lease far longer than anything below should take: waiting for one is the failure.
        try await fleet.startServer(pipeline: Self.pipeline, leaseSeconds: 60)
        try await fleet.call("POST", "/api/v1/repositories", json: #"{"name": "acme/probe", "provider": "github", "cloneURL": "file://\#(repository)", "webhookSecret": "\#(Fleet.secret)"}"#)

        // Its poll parks on the server for up to 20 s.
        try fleet.startAgent("probe-a", tags: ["platform=probe"], pollWait: 20)
        try await MultiReplicaTests.eventually("probe-a polls") { (try? await Self.agents(fleet))?["probe-a"]?["state"] as? String == "idle" }
        let firstID = try #require(try await Self.agents(fleet)["probe-a"]?["id"] as? Int)
        try await Task.sleep(for: .milliseconds(500))
        let stoppedAt = ContinuousClock.now
        let agent = try #require(fleet.agents["probe-a"])
        agent.signal(SIGTERM)
        #expect(await agent.wait() == .exited(0))
        let log = (try? String(contentsOf: fleet.root.appendingPathComponent("agent-probe-a.log"), encoding: .utf8)) ?? ""
        #expect(log.contains("server told"), "the agent told the server it stopped: \(log)")
        #expect(try await Self.agents(fleet)["probe-a"]?["state"] as? String == "offline", "offline at once, not after the lease")

        let buildID = try #require(try await fleet.push(repository: "acme/probe", sha: sha).first)
        try fleet.startAgent("probe-b", tags: ["platform=probe"])
        let done = try await fleet.waitForBuild(buildID, limit: .seconds(30)) { ["passed", "failed", "canceled"].contains($0["state"] as? String) }
        let waited = ContinuousClock.now - stoppedAt
        let jobs = try #require(done["jobs"] as? [[String: Any]])
        #expect(done["state"] as? String == "passed", "\(done)")
        #expect(jobs.count == 1 && jobs.first?["attempt"] as? Int == 1, "never handed to the stopped agent, so no retry was spent: \(jobs)")
        let probeB = try #require(try await Self.agents(fleet)["probe-b"]?["id"] as? Int)
        #expect(jobs.first?["agentID"] as? Int == probeB)
        #expect(waited < .seconds(45), "the build ran \(waited) after the stop, within the 60 s lease")

        // Restarted (a new --server list, an Xcode upgrade): the same agent again.
        try fleet.startAgent("probe-a", tags: ["platform=probe", "xcode=16.3"], pollWait: 20)
        try await MultiReplicaTests.eventually("probe-a polls again") { (try? await Self.agents(fleet))?["probe-a"]?["state"] as? String == "idle" }
        let restarted = try #require(try await Self.agents(fleet)["probe-a"])
        #expect(restarted["id"] as? Int == firstID, "the restart took its row back: \(restarted)")
        #expect((restarted["tags"] as? [String: String])?["xcode"] == "16.3")
        #expect(try await Self.agents(fleet).count == 2)
    }
}
