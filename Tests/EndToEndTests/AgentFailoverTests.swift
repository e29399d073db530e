import ChildProcesses
import Foundation
import Testing

/// A real agent given both replicas' URLs: when the one it talks to is killed mid-job, the
/// job goes on through the other and the agent keeps working there.
@Suite(
    "End to end: an agent fails over between replicas", .serialized, .timeLimit(.minutes(3)),
    .enabled(if: ServerBackend.available.contains(.postgres), "needs PostgreSQL (make test installs and starts one)")
)
struct AgentFailoverTests {
    /// The job lease. The agent must reach the other replica before it runs out, so it is
    /// generous: on a loaded machine the switch took more than 3 s.
    static let leaseSeconds = 12

    /// A job that runs until the test lets it finish: the test does so only after two leases
    /// have passed since the kill, so that only heartbeats that reached the other replica can
    /// have kept it from being marked lost.
    static func pipeline(waitingFor file: String) -> String {
        MultiReplicaTests.pushPipeline(
            command: #"echo "started on $MOBILE_OPS_AGENT_NAME" && while [ ! -e \#(file) ]; do sleep 0.2; done && echo "finished after the switch""#)
    }

    @Test("kill -9 of the agent's server mid-job: log, heartbeats and finish go to the other replica; the build passes")
    func agentSurvivesItsServer() async throws {
        let go = FileManager.default.temporaryDirectory.appendingPathComponent("failover-go-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: go) }
        let (a, b) = try await MultiReplicaTests.replicas(pipeline: Self.pipeline(waitingFor: go), leaseSeconds: Self.leaseSeconds)
        defer { a.stop(); b.stop() }
        let (repository, sha) = try await a.makeRepository()
        try await a.call("POST", "/api/v1/repositories", json: #"{"name": "acme/failover", "provider": "github", "cloneURL": "file://\#(repository)", "webhookSecret": "\#(Fleet.secret)"}"#)
        // A first: the agent registers there and takes its job there.
        try b.startAgent("linux", tags: ["platform=android"], servers: [a.url, b.url])
        try await MultiReplicaTests.eventually("the agent registered") {
            ((try? await b.call("GET", "/api/v1/agents"))?["agents"] as? [[String: Any]])?.isEmpty == false
        }
        let buildID = try #require(try await b.push(repository: "acme/failover", sha: sha).first)
        let running = try await b.waitForBuild(buildID, limit: .seconds(30)) { build in
            (build["jobs"] as? [[String: Any]])?.first?["state"] as? String == "running"
        }
        let jobID = try #require((running["jobs"] as? [[String: Any]])?.first?["id"] as? Int)
        try await MultiReplicaTests.eventually("the first line reached the log") {
            (try? await b.log(job: jobID))?.contains("started on linux") == true
        }
        #expect(Self.agentLog(b).contains("switching servers") == false, "the agent was on A until now")

        kill(try #require(a.server?.pid), SIGKILL)
        try await MultiReplicaTests.eventually("the agent switched to the other replica") { Self.agentLog(b).contains("switching servers") }
        // Two leases after the kill: a job whose heartbeats stopped would be lost by now.
        try await Task.sleep(for: .seconds(2 * Self.leaseSeconds))
        #expect(FileManager.default.createFile(atPath: go, contents: nil))

        let done = try await b.waitForBuild(buildID, limit: .seconds(60)) { ["passed", "failed", "canceled"].contains($0["state"] as? String) }
        let jobs = try #require(done["jobs"] as? [[String: Any]])
        #expect(done["state"] as? String == "passed", "\(done)")
        #expect(jobs.count == 1 && jobs.first?["attempt"] as? Int == 1, "the job was not lost and retried: \(jobs)")
        #expect(try await b.log(job: jobID).contains("finished after the switch"))
        let log = Self.agentLog(b)
        #expect(log.components(separatedBy: "switching servers").count == 2, "one switch logged: \(log)")
        #expect(log.components(separatedBy: "registered").count == 2, "registered once, kept on B: \(log)")

        // The agent polls B now: a second build runs too.
        let next = try #require(try await b.push(repository: "acme/failover", sha: try a.commit(file: "NEXT", contents: "next\n")).first)
        let second = try await b.waitForBuild(next, limit: .seconds(60)) { ["passed", "failed", "canceled"].contains($0["state"] as? String) }
        #expect(second["state"] as? String == "passed", "\(second)")
    }

    static func agentLog(_ fleet: Fleet) -> String {
        (try? String(contentsOf: fleet.root.appendingPathComponent("agent-linux.log"), encoding: .utf8)) ?? ""
    }
}
