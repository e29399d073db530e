import Core
import DI
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Scheduling
@testable import Server
import Store
import StoreSQLite
import Testing

@Suite("The agent protocol and builds API over HTTP")
struct AgentAPITests {
    /// Creates a registration token and registers an agent with `tags`; returns the agent token.
    static func registerAgent(_ client: some TestClientProtocol, tags: [String: String] = ["platform": "ios"]) async throws -> String {
        let token = try await client.send(.post, "/api/v1/agents/tokens", json: #"{"name": "fleet"}"#)
        #expect(token.status == .created)
        let registrationToken = try #require(token.body["token"] as? String)
        let tagJSON = String(decoding: try JSONEncoder().encode(tags), as: UTF8.self)
        let registered = try await client.send(.post, "/api/v1/agents/register", token: registrationToken, json: #"{"name": "mac-1", "tags": \#(tagJSON), "slots": 1}"#)
        #expect(registered.status == .created)
        return try #require(registered.body["token"] as? String)
    }

    /// Polls for a job without waiting; nil on 204.
    static func next(_ client: some TestClientProtocol, agent: String) async throws -> [String: Any]? {
        let response = try await client.send(.post, "/api/v1/agent/jobs/next?wait=0", token: agent)
        return response.status == .noContent ? nil : response.body
    }

    /// Triggers `app-ci` by hand in `acme/ios-app`, registering the repository the first time.
    static func trigger(_ client: some TestClientProtocol) async throws -> Int {
        let repositories = try await client.send(.get, "/api/v1/repositories")
        if (repositories.body["repositories"] as? [[String: Any]])?.contains(where: { $0["name"] as? String == "acme/ios-app" }) != true {
            let created = try await client.send(.post, "/api/v1/repositories", json: #"{"name": "acme/ios-app", "provider": "github", "cloneURL": "https://github.com/acme/ios-app.git"}"#)
            #expect(created.status == .created)
        }
        let created = try await client.send(.post, "/api/v1/builds", json: #"{"pipeline": "app-ci", "branch": "main", "commit": "abc123"}"#)
        #expect(created.status == .created)
        return try #require(created.body["id"] as? Int)
    }

    @Test("a manual build runs job by job on a matching agent and passes")
    func fullBuild() async throws {
        try await TestServer.make().test { client in
            let agent = try await Self.registerAgent(client)
            let android = try await Self.registerAgent(client, tags: ["platform": "android"])
            let buildID = try await Self.trigger(client)
            #expect(try await Self.next(client, agent: android) == nil)

            var ran: [String] = []
            while let job = try await Self.next(client, agent: agent) {
                let id = try #require(job["jobID"] as? Int)
                ran.append(job["stepKey"] as? String ?? "?")
                let env = (job["spec"] as? [String: Any])?["env"] as? [String: String]
                #expect(env?["MOBILE_OPS_COMMIT"] == "abc123")
                #expect(try await client.send(.post, "/api/v1/agent/jobs/\(id)/start", token: agent).body["cancel"] as? Bool == false)
                let log = try await client.execute(
                    uri: "/api/v1/agent/jobs/\(id)/log", method: .post,
                    headers: [.authorization: "Bearer \(agent)", HTTPField.Name("X-Log-Sequence")!: "0"],
                    body: ByteBuffer(string: "hello from \(id)\n")
                )
                #expect(log.status == .ok)
                let finished = try await client.send(.post, "/api/v1/agent/jobs/\(id)/finish", token: agent, json: #"{"state": "passed", "exitStatus": 0, "commandDurations": [0.1]}"#)
                #expect(finished.status == .ok)
                // A finished job is held no more: its log is closed, as its artifacts are.
                let late = try await client.execute(
                    uri: "/api/v1/agent/jobs/\(id)/log", method: .post,
                    headers: [.authorization: "Bearer \(agent)", HTTPField.Name("X-Log-Sequence")!: "99"],
                    body: ByteBuffer(string: "appended after finish\n")
                )
                #expect(late.status == .conflict)
                #expect(String(buffer: late.body).contains("job_not_held"))
                let text = try await client.execute(uri: "/api/v1/jobs/\(id)/log", method: .get, headers: [.authorization: "Bearer \(TestServer.adminToken)"])
                #expect(String(buffer: text.body) == "hello from \(id)\n")
                #expect(text.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff", "a log holding HTML is never rendered as a page")
            }
            #expect(ran == ["build", "test", "test"])
            let build = try await client.send(.get, "/api/v1/builds/\(buildID)")
            #expect(build.body["state"] as? String == "passed")
            let agents = try await client.send(.get, "/api/v1/agents")
            #expect((agents.body["agents"] as? [Any])?.count == 2)
        }
    }

    @Test("a build of a branch is pinned to the commit its first checkout reports; later jobs build that commit")
    func checkoutPinsTheCommit() async throws {
        let server = try await TestServer.make(backgroundServices: false)
        let database = try #require(try await server.server.container.resolve((any StoreDatabase).self) as? AppDatabase)
        try await server.test { client in
            let agent = try await Self.registerAgent(client)
            _ = try await client.send(.post, "/api/v1/repositories", json: #"{"name": "acme/ios-app", "provider": "github", "cloneURL": "https://github.com/acme/ios-app.git"}"#)
            let created = try await client.send(.post, "/api/v1/builds", json: #"{"pipeline": "app-ci", "branch": "main"}"#)
            let buildID = try #require(created.body["id"] as? Int)
            #expect(created.body["commitSHA"] as? String == "main")
            let first = try #require(try await Self.next(client, agent: agent))
            let jobID = try #require(first["jobID"] as? Int)
            let sha = String(repeating: "5e", count: 20)
            let bad = try await client.send(.post, "/api/v1/agent/jobs/\(jobID)/checkout", token: agent, json: #"{"commitSHA": "main"}"#)
            #expect(bad.status == .badRequest)
            #expect(bad.body.errorCode == "invalid_commit")
            let reported = try await client.send(.post, "/api/v1/agent/jobs/\(jobID)/checkout", token: agent, json: #"{"commitSHA": "\#(sha)"}"#)
            #expect(reported.status == .ok)
            #expect(try await client.send(.get, "/api/v1/builds/\(buildID)").body["commitSHA"] as? String == sha)
            let statuses = try await database.claimDueMessages(kinds: ["commit_status"], now: .distantFuture, limit: 100, lease: .seconds(60))
            #expect(statuses.map(\.payload).contains { $0.contains(sha) && $0.contains("\"state\":\"running\"") },
                    "the running state is announced for the pinned commit: \(statuses.map(\.payload))")
            // A second report (a retry on a newer tip) does not move a pinned build.
            let later = String(repeating: "7a", count: 20)
            _ = try await client.send(.post, "/api/v1/agent/jobs/\(jobID)/checkout", token: agent, json: #"{"commitSHA": "\#(later)"}"#)
            #expect(try await client.send(.get, "/api/v1/builds/\(buildID)").body["commitSHA"] as? String == sha)
            _ = try await client.send(.post, "/api/v1/agent/jobs/\(jobID)/finish", token: agent, json: #"{"state": "passed", "exitStatus": 0, "commandDurations": []}"#)
            let second = try #require(try await Self.next(client, agent: agent))
            let repository = second["repository"] as? [String: Any]
            #expect(repository?["commitSHA"] as? String == sha, "the next job checks out the pinned commit, not the moving branch")
        }
    }

    @Test("cancelling a build ends pending jobs and tells the running one at its heartbeat")
    func cancel() async throws {
        try await TestServer.make().test { client in
            let agent = try await Self.registerAgent(client)
            let buildID = try await Self.trigger(client)
            let job = try #require(try await Self.next(client, agent: agent))
            let id = try #require(job["jobID"] as? Int)
            _ = try await client.send(.post, "/api/v1/agent/jobs/\(id)/start", token: agent)

            let canceled = try await client.send(.post, "/api/v1/builds/\(buildID)/cancel")
            #expect(canceled.status == .ok)
            let heartbeat = try await client.send(.post, "/api/v1/agent/jobs/\(id)/heartbeat", token: agent)
            #expect(heartbeat.body["cancel"] as? Bool == true)
            _ = try await client.send(.post, "/api/v1/agent/jobs/\(id)/finish", token: agent, json: #"{"state": "canceled", "commandDurations": []}"#)
            let build = try await client.send(.get, "/api/v1/builds/\(buildID)")
            #expect(build.body["state"] as? String == "canceled")
            #expect(try await client.send(.post, "/api/v1/builds/\(buildID)/cancel").status == .conflict)
        }
    }

    @Test("revoking a registration token disconnects its agents; bad agent calls get clear errors")
    func revocationAndErrors() async throws {
        try await TestServer.make().test { client in
            let agent = try await Self.registerAgent(client)
            #expect(try await client.send(.post, "/api/v1/agent/jobs/next?wait=0", token: "moa_nope_00000000000000000000").status == .unauthorized)
            #expect(try await client.send(.post, "/api/v1/agent/jobs/999/heartbeat", token: agent).status == .conflict)
            #expect(try await client.send(.post, "/api/v1/agents/register", token: "mor_bad_000000000000000000", json: #"{"name": "x", "tags": {}, "slots": 1}"#).status == .unauthorized)

            let tokens = try await client.send(.get, "/api/v1/agents/tokens")
            let id = try #require((tokens.body["tokens"] as? [[String: Any]])?.first?["id"] as? String)
            #expect(try await client.send(.delete, "/api/v1/agents/tokens/\(id)").status == .ok)
            #expect(try await client.send(.post, "/api/v1/agent/jobs/next?wait=0", token: agent).status == .unauthorized)
        }
    }

    @Test("revoking a registration token ends its agents' parked polls at once; a revoked agent is never given work")
    func revocationReleasesParkedPolls() async throws {
        let server = try await TestServer.make()
        let dispatcher = try await server.server.container.resolve(JobDispatcher.self)
        try await server.test { client in
            let agent = try await Self.registerAgent(client)
            let poll = Task { try await client.send(.post, "/api/v1/agent/jobs/next?wait=20", token: agent).status }
            for _ in 0..<500 where dispatcher.parkedPolls == 0 { try await Task.sleep(for: .milliseconds(10)) }
            #expect(dispatcher.parkedPolls == 1)

            let tokens = try await client.send(.get, "/api/v1/agents/tokens")
            let id = try #require((tokens.body["tokens"] as? [[String: Any]])?.first?["id"] as? String)
            #expect(try await client.send(.delete, "/api/v1/agents/tokens/\(id)").status == .ok)
            #expect(dispatcher.parkedPolls == 0, "revocation answers the parked poll")
            let build = try await Self.trigger(client)
            #expect(try await poll.value == .noContent, "the revoked agent got no job")
            let jobs = try await client.send(.get, "/api/v1/builds/\(build)").body["jobs"] as? [[String: Any]] ?? []
            #expect(jobs.allSatisfy { $0["state"] as? String == "pending" })
            let listed = try await client.send(.get, "/api/v1/agents").body["agents"] as? [[String: Any]]
            #expect(listed?.first?["state"] as? String == "revoked")
        }
    }

    @Test("builds list filters and pages; unknown pipelines and builds are 404")
    func listing() async throws {
        try await TestServer.make().test { client in
            for _ in 0..<3 { _ = try await Self.trigger(client) }
            let page = try await client.send(.get, "/api/v1/builds?limit=2")
            #expect((page.body["builds"] as? [Any])?.count == 2)
            let cursor = try #require(page.body["nextCursor"] as? String)
            let rest = try await client.send(.get, "/api/v1/builds?limit=2&cursor=\(cursor)")
            #expect((rest.body["builds"] as? [Any])?.count == 1)
            #expect(try await client.send(.get, "/api/v1/builds?status=bogus").status == .badRequest)
            #expect(try await client.send(.post, "/api/v1/builds", json: #"{"pipeline": "nope"}"#).status == .notFound)
            #expect(try await client.send(.get, "/api/v1/builds/999").status == .notFound)
            let pipelines = try await client.send(.get, "/api/v1/pipelines")
            #expect((pipelines.body["pipelines"] as? [[String: Any]])?.first?["name"] as? String == "app-ci")
        }
    }
}
