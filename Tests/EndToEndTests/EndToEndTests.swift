import ChildProcesses
import Foundation
import Testing

/// The CI loop with real processes: server, agents, git, a signed webhook.
@Suite("End to end: webhook → build → real agents", .serialized)
struct EndToEndTests {
    static let pipeline = """
        name: e2e
        triggers:
          push:
            branches: [main]
          manual: true
        steps:
          - key: ios
            label: iOS step
            command: cat README.md && echo "ios on $MOBILE_OPS_AGENT_NAME at $MOBILE_OPS_COMMIT" && mkdir -p build && echo ipa-bytes > build/App.ipa
            artifacts: [build/*.ipa]
            agents:
              platform: ios
          - key: android
            label: Android step
            command: test -f README.md && echo "android on $MOBILE_OPS_AGENT_NAME"
            agents:
              platform: android
          - key: slow
            label: Slow step
            depends_on: [ios, android]
            command: sleep 12 && echo "slow done on $MOBILE_OPS_AGENT_NAME"
            agents:
              pool: shared
        """

    @Test("a signed push builds on the right agents; an agent killed mid-job is replaced; cancel stops a build", arguments: ServerBackend.available)
    func ciLoop(_ backend: ServerBackend) async throws {
        let fleet = try Fleet()
        defer { fleet.stop() }
        try await backend.prepare(fleet)
        let (repository, sha) = try await fleet.makeRepository()
        try await fleet.startServer(pipeline: Self.pipeline)
        try await fleet.call("POST", "/api/v1/repositories", json: #"{"name": "acme/e2e", "provider": "github", "cloneURL": "file://\#(repository)", "webhookSecret": "\#(Fleet.secret)"}"#)
        try fleet.startAgent("mac", tags: ["platform=ios", "pool=shared"])
        try fleet.startAgent("linux", tags: ["platform=android", "pool=shared"])

        // 1. Push → build; each platform job lands on its agent.
        let builds = try await fleet.push(repository: "acme/e2e", sha: sha)
        #expect(builds.count == 1)
        let buildID = try #require(builds.first)
        // 2. Once the slow step runs, kill whichever agent holds it; the lease expires and
        //    the job is retried on the other agent.
        let running = try await fleet.waitForBuild(buildID) { build in
            (build["jobs"] as? [[String: Any]])?.contains { $0["stepKey"] as? String == "slow" && $0["state"] as? String == "running" } == true
        }
        let jobs = try #require(running["jobs"] as? [[String: Any]])
        let iosJob = try #require(jobs.first { $0["stepKey"] as? String == "ios" }?["id"] as? Int)
        let androidJob = try #require(jobs.first { $0["stepKey"] as? String == "android" }?["id"] as? Int)
        #expect(try await fleet.log(job: iosJob).contains("hello from the e2e repository"))
        #expect(try await fleet.log(job: iosJob).contains("ios on mac at \(sha)"))
        #expect(try await fleet.log(job: androidJob).contains("android on linux"))
        let artifacts = try await fleet.call("GET", "/api/v1/jobs/\(iosJob)/artifacts")["artifacts"] as? [[String: Any]] ?? []
        #expect(artifacts.map { $0["path"] as? String } == ["build/App.ipa"])
        #expect(artifacts.first?["size"] as? Int == 10)

        let slow = try #require(jobs.first { $0["stepKey"] as? String == "slow" })
        let agents = try await fleet.call("GET", "/api/v1/agents")["agents"] as? [[String: Any]] ?? []
        let holder = try #require(agents.first { $0["id"] as? Int == slow["agentID"] as? Int }?["name"] as? String)
        // The signal alone, timed: `kill(agent:)` also waits for the exit, which Foundation
        // reports only once the job's orphaned shell (the 12 s sleep) is gone too.
        let killedAt = ContinuousClock.now
        Foundation.kill(try #require(fleet.agents[holder]?.pid), SIGKILL)
        // Retried within the lease: the server looks at leases every quarter lease, so the
        // retry should run on the survivor about 1.25 leases (3.75 s) after the kill; 8 s
        // leaves a busy machine room but fails a retry that waits for anything else.
        let killedJob = try #require(slow["id"] as? Int)
        let retried = try await fleet.waitForBuild(buildID, limit: .seconds(30)) { build in
            (build["jobs"] as? [[String: Any]] ?? []).contains { job in
                job["stepKey"] as? String == "slow" && job["id"] as? Int ?? 0 > killedJob && ["running", "passed"].contains(job["state"] as? String ?? "")
            }
        }
        let retriedAfter = ContinuousClock.now - killedAt
        let attempts = (retried["jobs"] as? [[String: Any]] ?? []).filter { $0["stepKey"] as? String == "slow" }.map { "\($0["id"] ?? "?") \($0["state"] ?? "?") on \($0["agentID"] ?? "?")" }
        print("agent killed mid-job: the slow step runs again \(retriedAfter) after the kill (lease 3 s): \(attempts)")
        #expect(retriedAfter < .seconds(8), "the retry started \(retriedAfter) after the kill")
        await fleet.kill(agent: holder)

        let finished = try await fleet.waitForBuild(buildID) { ($0["state"] as? String).map { ["passed", "failed", "canceled"].contains($0) } ?? false }
        #expect(finished["state"] as? String == "passed")
        let slowAttempts = (finished["jobs"] as? [[String: Any]] ?? []).filter { $0["stepKey"] as? String == "slow" }
        #expect(slowAttempts.map { $0["state"] as? String } == ["lost", "passed"])
        let survivor = holder == "mac" ? "linux" : "mac"
        let retryID = try #require(slowAttempts.last?["id"] as? Int)
        #expect(try await fleet.log(job: retryID).contains("slow done on \(survivor)"))

        // 3. Cancel: a manual build whose slow step is running stops within a heartbeat.
        //    A replacement joins with the killed agent's tags first.
        try fleet.startAgent("\(holder)-2", tags: holder == "mac" ? ["platform=ios", "pool=shared"] : ["platform=android", "pool=shared"])
        let manual = try await fleet.call("POST", "/api/v1/builds", json: #"{"pipeline": "e2e", "repository": "acme/e2e", "commit": "\#(sha)"}"#)
        let manualID = try #require(manual["id"] as? Int)
        _ = try await fleet.waitForBuild(manualID) { build in
            (build["jobs"] as? [[String: Any]])?.contains { $0["stepKey"] as? String == "slow" && $0["state"] as? String == "running" } == true
        }
        try await fleet.call("POST", "/api/v1/builds/\(manualID)/cancel")
        let canceled = try await fleet.waitForBuild(manualID, limit: .seconds(20)) { $0["state"] as? String != "running" }
        #expect(canceled["state"] as? String == "canceled")
    }
}
