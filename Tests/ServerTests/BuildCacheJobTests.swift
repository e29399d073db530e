import Core
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import Server
import TestSupport

/// The build cache from a job's side: the credential handed out with the job, which reads and
/// writes its repository's namespace only while the job runs; the traffic counted against the
/// build; and the hit rate per day.
@Suite("Build cache: job credentials, per-build and daily counts")
struct BuildCacheJobTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A build's first job, assigned to a new agent: (agent token, job id, build id, the job's cache access).
    static func assignedJob(_ client: some TestClientProtocol) async throws -> (agent: String, job: Int, build: Int, cache: [String: Any]) {
        let agent = try await AgentAPITests.registerAgent(client)
        let build = try await AgentAPITests.trigger(client)
        let assignment = try #require(try await AgentAPITests.next(client, agent: agent))
        let job = try #require(assignment["jobID"] as? Int)
        return (agent, job, build, try #require(assignment["cache"] as? [String: Any], "\(assignment)"))
    }

    @Test("a job gets a credential for its repository's namespace: it reads and writes there only, on the cache's routes only, and its traffic counts against its build")
    func jobCredential() async throws {
        let clock = ManualClock(at: Self.start)
        try await TestServer.make(clock: clock, backgroundServices: false).test { client in
            let (agent, job, build, cache) = try await Self.assignedJob(client)
            #expect(cache["namespace"] as? String == "acme.ios-app")
            #expect(cache["user"] as? String == "job-\(job)")
            let credential = try #require(cache["credential"] as? String)
            #expect(credential.hasPrefix("moj_\(job)_"))
            let basic = CacheClient.basic(credential, user: "job-\(job)")
            _ = try await client.send(.post, "/api/v1/agent/jobs/\(job)/start", token: agent)

            let path = "/cache/gradle/acme.ios-app/0a1b2c3d"
            #expect(try await CacheClient.send(client, .get, path, authorization: basic).status == .notFound)
            #expect(try await CacheClient.send(client, .put, path, authorization: basic, body: "outputs").status == .created)
            #expect(try await CacheClient.send(client, .get, path, authorization: basic).text == "outputs")
            // Bazel sends the URL's credentials in base64url; any user name works.
            let bazel = CacheClient.basic(credential, user: "bazel", urlSafe: true)
            #expect(try await CacheClient.send(client, .get, path, authorization: bazel).text == "outputs")

            let elsewhere = try await CacheClient.send(client, .put, "/cache/gradle/other-team/0a1b2c3d", authorization: basic, body: "poison")
            #expect(elsewhere.status == .forbidden && elsewhere.errorCode == "cache_namespace_forbidden", "\(elsewhere.text)")
            #expect(try await CacheClient.send(client, .get, "/cache/gradle/other-team/0a1b2c3d", authorization: basic).status == .forbidden)
            // Nothing but the cache takes it, as Basic or as a bearer token.
            #expect(try await client.send(.get, "/api/v1/builds", token: credential).status == .unauthorized)
            #expect(try await client.send(.get, "/api/v1/cache/stats", token: credential).status == .unauthorized)
            // A forged signature is refused.
            let forged = String(credential.dropLast()) + (credential.hasSuffix("0") ? "1" : "0")
            #expect(try await CacheClient.send(client, .get, path, authorization: CacheClient.basic(forged)).status == .unauthorized)

            let usage = try await client.send(.get, "/api/v1/builds/\(build)/cache", token: try await CacheClient.token(client, scope: "read"))
            #expect(usage.status == .ok)
            #expect(usage.body["hits"] as? Int == 2 && usage.body["misses"] as? Int == 1 && usage.body["uploads"] as? Int == 1, "\(usage.body)")
            #expect(usage.body["bytesServed"] as? Int == 14 && usage.body["bytesStored"] as? Int == 7)
            #expect((usage.body["hitRate"] as? Double).map { abs($0 - 2.0 / 3.0) < 1e-9 } == true)
            // The admin token's requests are no build's.
            _ = try await CacheClient.send(client, .get, path, authorization: CacheClient.basic(TestServer.adminToken))
            #expect(try await client.send(.get, "/api/v1/builds/\(build)/cache").body["hits"] as? Int == 2)
            #expect(try await client.send(.get, "/api/v1/builds/999999/cache").status == .notFound)

            // Once the job has finished (and the state read a few seconds ago is stale), the credential is dead.
            _ = try await client.send(.post, "/api/v1/agent/jobs/\(job)/finish", token: agent, json: #"{"state": "passed", "exitStatus": 0, "commandDurations": [0.1]}"#)
            clock.advance(by: 10)
            let late = try await CacheClient.send(client, .get, path, authorization: basic)
            #expect(late.status == .unauthorized, "\(late.text)")
        }
    }

    @Test("hits and misses per UTC day, protocol and namespace, over the days asked for")
    func daily() async throws {
        let clock = ManualClock(at: Self.start)
        try await TestServer.make(clock: clock, backgroundServices: false).test { client in
            let write = CacheClient.basic(TestServer.adminToken)
            // Misses in a namespace that holds entries (in any protocol) count under its name.
            _ = try await CacheClient.send(client, .put, "/cache/gradle/app/abc", authorization: write, body: "12345")
            _ = try await CacheClient.send(client, .get, "/cache/gradle/app/def", authorization: write)
            _ = try await CacheClient.send(client, .get, "/cache/gradle/app/abc", authorization: write)
            clock.advance(by: 86_400)
            for _ in 0..<3 { _ = try await CacheClient.send(client, .get, "/cache/gradle/app/abc", authorization: write) }
            _ = try await CacheClient.send(client, .get, "/cache/ccache/app/ab/cd", authorization: write)

            let answer = try await client.send(.get, "/api/v1/cache/stats/daily?days=2", token: try await CacheClient.token(client, scope: "read"))
            #expect(answer.status == .ok)
            let days = try #require(answer.body["days"] as? [[String: Any]])
            #expect(days.map { "\($0["protocol"] ?? "") \($0["hits"] ?? "")/\($0["misses"] ?? "")" } == ["gradle 1/1", "ccache 0/1", "gradle 3/0"])
            #expect(days.first?["day"] as? String == "2027-01-15T00:00:00Z", "\(days)")
            #expect(days.last?["hitRate"] as? Double == 1.0)
            // Today only.
            #expect((try await client.send(.get, "/api/v1/cache/stats/daily?days=1").body["days"] as? [Any])?.count == 2)
            for bad in ["0", "367", "x"] {
                let refused = try await client.send(.get, "/api/v1/cache/stats/daily?days=\(bad)")
                #expect(refused.status == .badRequest && refused.body.errorCode == "invalid_days", "\(bad)")
            }
        }
    }
}
