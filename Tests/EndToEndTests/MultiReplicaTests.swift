import ChildProcesses
import Foundation
import HTTPClient
import PostgresSupport
import Testing

/// Two real server processes on one PostgreSQL database, reached directly (each replica on
/// its own port, as a load balancer would hand out requests): what one replica does, the
/// other knows at once.
@Suite(
    "End to end: two replicas on one PostgreSQL", .serialized, .timeLimit(.minutes(3)),
    .enabled(if: ServerBackend.available.contains(.postgres), "needs PostgreSQL (make test installs and starts one)")
)
struct MultiReplicaTests {
    static let pipeline = pushPipeline(command: #"echo "built on $MOBILE_OPS_AGENT_NAME""#)

    /// A pipeline built on every push to main: one step running `command` on an android agent.
    static func pushPipeline(command: String) -> String {
        """
        name: e2e
        triggers:
          push:
            branches: [main]
        steps:
          - key: build
            command: \(command)
            agents:
              platform: android
        """
    }

    /// Two fleets (each a server process with its own folder) on one new database. The slow
    /// poll that backs lost signals up is set to a minute, so that what arrives sooner arrived
    /// by signal.
    static func replicas(pipeline: String = pipeline, leaseSeconds: Int = 3) async throws -> (Fleet, Fleet) {
        let url = try await PostgresScratchDatabase.create().url
        let a = try Fleet(), b = try Fleet()
        a.postgresURL = url
        b.postgresURL = url
        let environment = ["MOBILE_OPS_CLUSTER_POLL_SECONDS": "60"]
        try await a.startServer(pipeline: pipeline, environment: environment, leaseSeconds: leaseSeconds)
        try await b.startServer(pipeline: pipeline, environment: environment, leaseSeconds: leaseSeconds)
        return (a, b)
    }

    @Test("a webhook to replica A builds on an agent long-polling replica B, woken by A's signal rather than its poll's end")
    func webhookOnAJobOnB() async throws {
        let (a, b) = try await Self.replicas()
        defer { a.stop(); b.stop() }
        let sha = try await Self.registerRepository(on: a)
        // A 60 s long poll and a 60 s slow poll: without a signal from A, B's parked poll
        // would wait a minute.
        try b.startAgent("linux", tags: ["platform=android"], pollWait: 60)
        try await Self.eventually("the agent registered and parked on B") {
            ((try? await b.call("GET", "/api/v1/agents"))?["agents"] as? [[String: Any]])?.isEmpty == false
        }
        try await Task.sleep(for: .seconds(1))
        let pushedAt = ContinuousClock.now
        let builds = try await a.push(repository: "acme/replicas", sha: sha)
        let buildID = try #require(builds.first)
        let held = try await a.waitForBuild(buildID, limit: .seconds(20)) { build in
            (build["jobs"] as? [[String: Any]])?.first?["agentID"] as? Int != nil
        }
        let waited = ContinuousClock.now - pushedAt
        #expect(waited < .seconds(20), "the job reached B's agent after \(waited); a signal takes milliseconds, the slow poll a minute")
        let done = try await b.waitForBuild(buildID, limit: .seconds(30)) { $0["state"] as? String == "passed" }
        #expect(done["state"] as? String == "passed", "\(held)")
        let job = try #require((done["jobs"] as? [[String: Any]])?.first?["id"] as? Int)
        #expect(try await a.log(job: job).contains("built on linux"))
    }

    @Test("a running job's log followed through B, while its agent reports to A, arrives line by line as the job runs")
    func followThroughOtherReplica() async throws {
        // 16 lines half a second apart, each stamped with the time it was printed (ms).
        let (a, b) = try await Self.replicas(pipeline: Self.pipeline.replacingOccurrences(
            of: #"echo "built on $MOBILE_OPS_AGENT_NAME""#, with: #"for i in $(seq 1 16); do echo "tick $(date +%s%3N)"; sleep 0.5; done"#
        ))
        defer { a.stop(); b.stop() }
        let sha = try await Self.registerRepository(on: a)
        try a.startAgent("linux", tags: ["platform=android"])
        let builds = try await a.push(repository: "acme/replicas", sha: sha)
        let buildID = try #require(builds.first)
        let running = try await b.waitForBuild(buildID, limit: .seconds(30)) { build in
            (build["jobs"] as? [[String: Any]])?.first?["state"] as? String == "running"
        }
        let job = try #require((running["jobs"] as? [[String: Any]])?.first?["id"] as? Int)
        let request = HTTPClient.Request(url: b.url + "/api/v1/jobs/\(job)/log?follow=true", headers: ["Authorization": "Bearer \(Fleet.adminToken)"], timeout: .seconds(60))
        let response = try await b.http.stream(request)
        #expect(response.status == 200)
        var text = "", delays: [Int] = []
        for try await chunk in response.body {
            let arrived = Int(Date().timeIntervalSince1970 * 1_000)
            text += String(decoding: chunk, as: UTF8.self)
            // Each whole tick line that arrived in this chunk: how long after it was printed.
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for line in lines.dropLast() where line.hasPrefix("tick ") {
                if let stamp = Int(line.split(separator: " ").last ?? "") { delays.append(arrived - stamp) }
            }
            text = String(lines.last ?? "")
        }
        delays.sort()
        #expect(delays.count == 16, "tick lines seen: \(delays.count)")
        // Streamed, the worst line waits about the agent's flush interval plus one follow poll
        // (under a second); a log sent only at the job's end would make the first lines wait
        // the job's whole 8 s.
        let worst = try #require(delays.last)
        #expect(worst < 4_000, "line delays (ms): \(delays)")
        print("follow through another replica: line delays p50 \(delays[delays.count / 2]) ms, max \(worst) ms")
    }

    @Test("a build canceled through A stops the job its agent runs through B")
    func cancelThroughOtherReplica() async throws {
        let (a, b) = try await Self.replicas(pipeline: Self.pipeline.replacingOccurrences(
            of: #"echo "built on $MOBILE_OPS_AGENT_NAME""#, with: #"if [ "$MOBILE_OPS_BUILD_NUMBER" = "1" ]; then echo started; sleep 60; echo slept-through; else echo quick; fi"#
        ))
        defer { a.stop(); b.stop() }
        let sha = try await Self.registerRepository(on: a)
        try b.startAgent("linux", tags: ["platform=android"])
        let buildID = try #require(try await b.push(repository: "acme/replicas", sha: sha).first)
        let running = try await b.waitForBuild(buildID, limit: .seconds(30)) { build in
            (build["jobs"] as? [[String: Any]])?.first?["state"] as? String == "running"
        }
        let job = try #require((running["jobs"] as? [[String: Any]])?.first?["id"] as? Int)
        try await Self.eventually("the job has started its command") { (try? await a.log(job: job))?.contains("started") == true }
        try await a.call("POST", "/api/v1/builds/\(buildID)/cancel")
        let stopped = try await b.waitForBuild(buildID, limit: .seconds(20)) { build in
            (build["jobs"] as? [[String: Any]])?.first?["state"] as? String == "canceled"
        }
        #expect(stopped["state"] as? String == "canceled")
        // The agent has one slot: a second build passes in time only if the first one's
        // command was stopped rather than left to sleep its minute.
        let next = try #require(try await a.push(repository: "acme/replicas", sha: sha).first)
        let done = try await b.waitForBuild(next, limit: .seconds(30)) { $0["state"] as? String == "passed" }
        #expect(done["state"] as? String == "passed")
    }

    @Test("a token revoked through A is refused by B, which had it cached")
    func revokedEverywhere() async throws {
        let (a, b) = try await Self.replicas()
        defer { a.stop(); b.stop() }
        let created = try await a.call("POST", "/api/v1/tokens", json: #"{"name": "ci-script", "scopes": ["read"]}"#)
        let token = try #require(created["token"] as? String)
        let id = try #require(created["id"] as? String)
        #expect(try await Self.status(b, "/api/v1/builds", token: token) == 200)
        #expect(try await Self.status(a, "/api/v1/builds", token: token) == 200)
        try await a.call("DELETE", "/api/v1/tokens/\(id)")
        let revokedAt = ContinuousClock.now
        try await Self.eventually("B refuses the revoked token", limit: .seconds(4)) {
            (try? await Self.status(b, "/api/v1/builds", token: token)) == 401
        }
        let took = ContinuousClock.now - revokedAt
        #expect(try await Self.status(a, "/api/v1/builds", token: token) == 401)
        // The cache backstop is 30 s: within a few seconds it was the signal.
        #expect(took < .seconds(4))
        print("token revoked on A, refused by B after \(took)")
    }

    @Test("a repository registered through A is listed by B, whose encoded list was cached")
    func repositoryListEverywhere() async throws {
        let (a, b) = try await Self.replicas()
        defer { a.stop(); b.stop() }
        func names(_ fleet: Fleet) async -> [String] {
            ((try? await fleet.call("GET", "/api/v1/repositories"))?["repositories"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        }
        #expect(await names(b) == [])
        try await a.call("POST", "/api/v1/repositories", json: #"{"name": "acme/listed", "provider": "github", "cloneURL": "https://github.com/acme/listed.git"}"#)
        let registeredAt = ContinuousClock.now
        try await Self.eventually("B lists the new repository", limit: .seconds(4)) { await names(b) == ["acme/listed"] }
        print("repository registered on A, listed by B after \(ContinuousClock.now - registeredAt)")
    }

    @Test("kill -9 of the leader: the other replica takes over the once-per-cluster work")
    func leaderFailover() async throws {
        let (a, b) = try await Self.replicas()
        defer { a.stop(); b.stop() }
        // A started first, so it holds the lease; B waits for it.
        try await Self.eventually("A leads") { Self.log(a).contains("this server is the leader") }
        // B tries for the lease every second: while A lives, it must not get it.
        try await Task.sleep(for: .milliseconds(2_500))
        #expect(!Self.log(b).contains("this server is the leader"))
        let killedAt = ContinuousClock.now
        kill(try #require(a.server?.pid), SIGKILL)
        try await Self.eventually("B leads", limit: .seconds(15)) { Self.log(b).contains("this server is the leader") }
        let took = ContinuousClock.now - killedAt
        #expect(took < .seconds(15))
        #expect(try await Self.status(b, "/readyz", token: nil) == 200)
    }

    // MARK: Helpers

    /// Makes the fleet's git repository and registers it as `acme/replicas` (on the shared
    /// database, so for every replica); answers its commit.
    static func registerRepository(on fleet: Fleet) async throws -> String {
        let (repository, sha) = try await fleet.makeRepository()
        try await fleet.call("POST", "/api/v1/repositories", json: #"{"name": "acme/replicas", "provider": "github", "cloneURL": "file://\#(repository)", "webhookSecret": "\#(Fleet.secret)"}"#)
        return sha
    }

    static func status(_ fleet: Fleet, _ path: String, token: String?) async throws -> Int {
        var headers: HTTPHeaders = []
        if let token { headers.add(name: "Authorization", value: "Bearer \(token)") }
        return try await fleet.http.execute(HTTPClient.Request(url: fleet.url + path, headers: headers, timeout: .seconds(10))).status
    }

    static func log(_ fleet: Fleet) -> String {
        (try? String(contentsOf: fleet.root.appendingPathComponent("server.log"), encoding: .utf8)) ?? ""
    }

    static func eventually(_ what: String, limit: Duration = .seconds(30), _ condition: () async -> Bool) async throws {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if await condition() { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("timed out after \(limit): \(what)")
        throw Fleet.FleetError.timedOut(what)
    }
}
