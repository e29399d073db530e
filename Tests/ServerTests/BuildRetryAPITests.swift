import Foundation
import HTTPTypes
import HummingbirdTesting
import PostgresSupport
import Testing
@testable import Server

/// `POST /api/v1/builds/{id}/retry` runs the same build again: a pull request's retry is still
/// that pull request's build, with its base branch, its number and its concurrency group.
@Suite("Retrying a build over HTTP")
struct BuildRetryAPITests {
    /// SQLite always; PostgreSQL too when the run has a test server.
    static let onPostgres: [Bool] = PostgresScratchDatabase.serverURL == nil ? [false] : [false, true]

    /// Runs for pull requests into main only, on agents tagged `platform=pr`, one build per
    /// pull request at a time.
    static let pullRequestPipeline = """
        name: pr-checks
        triggers:
          pull_request:
            branches: [main]
        concurrency:
          group: "{repository}/pr-{pr}/{pipeline}"
        steps:
          - key: ui-tests
            command: echo ui
            agents:
              platform: pr
        """

    @Test("a pull request build's retry keeps its trigger, base branch, number and concurrency group, and its job says so",
          arguments: onPostgres)
    func pullRequestRetry(_ postgres: Bool) async throws {
        let server = try await TestServer.make(postgres: postgres, configure: {
            try? Self.pullRequestPipeline.write(toFile: $0.pipelinesPath + "/pr-checks.yml", atomically: true, encoding: .utf8)
        })
        try await server.test { client in
            try await WebhookAPITests.register(client)
            let delivery = try await WebhookAPITests.deliver(client, FindingsReportFlowTests.pullRequest, event: "pull_request")
            #expect(delivery.status == .accepted)
            var original: [String: Any]?
            for id in delivery.body["builds"] as? [Int] ?? [] {
                let build = try await client.send(.get, "/api/v1/builds/\(id)").body
                if build["pipeline"] as? String == "pr-checks" { original = build }
            }
            let first = try #require(original, "the pull request built pr-checks: \(delivery.body)")
            let group = try #require(first["concurrencyGroup"] as? String)
            #expect(group == "acme/ios-app/pr-7/pr-checks")

            let retried = try await client.send(.post, "/api/v1/builds/\(first["id"] as? Int ?? 0)/retry")
            #expect(retried.status == .created, "a pipeline without manual runs can still be retried: \(retried.body)")
            #expect(retried.body["trigger"] as? String == "pull_request")
            #expect(retried.body["pullRequest"] as? Int == 7)
            #expect(retried.body["branch"] as? String == "feature/login")
            #expect(retried.body["commitSHA"] as? String == FindingsReportFlowTests.pullRequestSHA)
            #expect(retried.body["concurrencyGroup"] as? String == group, "the retry stays in the pull request's group")

            // The original was superseded by its retry, so the one job an agent gets is the retry's.
            let agent = try await AgentAPITests.registerAgent(client, tags: ["platform": "pr"])
            let job = try #require(try await AgentAPITests.next(client, agent: agent))
            #expect(job["buildID"] as? Int == retried.body["id"] as? Int)
            let env = (job["spec"] as? [String: Any])?["env"] as? [String: String] ?? [:]
            #expect(env["MOBILE_OPS_BASE_BRANCH"] == "main", "the agent diffs UI tests and findings against the pull request's base: \(env)")
            #expect(env["MOBILE_OPS_PULL_REQUEST"] == "7")
        }
    }
}
