import BuildMetrics
import Core
import DI
import Foundation
import GitHosts
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Notifications
import Store
import Testing
@testable import Server
import TestSupport

@Suite("Agent build reports, the dashboard document and the JSON Feed")
struct DashboardAPITests {
    @Test("an agent's report for a held job is completed from the job's build and stored once")
    func agentReport() async throws {
        try await TestServer.make().test { client in
            let agent = try await AgentAPITests.registerAgent(client)
            _ = try await AgentAPITests.trigger(client)
            let job = try #require(try await AgentAPITests.next(client, agent: agent))
            let id = try #require(job["jobID"] as? Int)
            #expect(try await client.send(.post, "/api/v1/agent/jobs/\(id)/start", token: agent).status == .ok)
            let report = #"""
                {"dimensions": {"repository": "agent-guess", "platform": "ios"}, "durationSeconds": 12.5, "outcome": "success",
                 "steps": [{"name": "echo build", "durationSeconds": 12.5, "outcome": "success"}],
                 "tasks": [{"name": "App", "outcome": "executed", "durationSeconds": 3}]}
                """#
            let stored = try await client.send(.post, "/api/v1/agent/jobs/\(id)/metrics", token: agent, json: report)
            #expect(stored.status == .created)
            let again = try await client.send(.post, "/api/v1/agent/jobs/\(id)/metrics", token: agent, json: report)
            #expect(again.status == .ok && again.body["created"] as? Bool == false)
            // Not an agent token, and not this agent's job.
            #expect(try await client.send(.post, "/api/v1/agent/jobs/\(id)/metrics", json: report).status == .unauthorized)
            let other = try await AgentAPITests.registerAgent(client)
            let stolen = try await client.send(.post, "/api/v1/agent/jobs/\(id)/metrics", token: other, json: report)
            #expect(stolen.status == .conflict && stolen.body.errorCode == "job_not_held")

            // A job's report is not a build: the build counts once, when its last job ends.
            let running = try await client.send(.get, "/api/v1/metrics/summary?pipeline=app-ci")
            let before = (running.body["groups"] as? [[String: Any]])?.first?["current"] as? [String: Any]
            #expect(before?["count"] as? Int == 0)
            _ = try await client.send(.post, "/api/v1/agent/jobs/\(id)/finish", token: agent, json: #"{"state": "passed", "exitStatus": 0, "commandDurations": [12.5]}"#)
            #expect(try await client.passAllJobs(agent: agent) == 2)

            // The server's pipeline (app-ci) and repository (the build's, not the agent's guess) won.
            let summary = try await client.send(.get, "/api/v1/metrics/summary?pipeline=app-ci&groupBy=repository")
            let group = try #require((summary.body["groups"] as? [[String: Any]])?.first)
            #expect(group["key"] as? String == "acme/ios-app")
            #expect((group["current"] as? [String: Any])?["count"] as? Int == 1)
            // Manual builds are waited on, for their total time (the test's jobs take no time).
            let hours = (summary.body["waiting"] as? [String: Any])?["totalHours"] as? Double ?? 0
            #expect((summary.body["waiting"] as? [String: Any])?["waitedBuilds"] as? Int == 1)
            // The wait is real time on the test's clock: under an hour, however loaded the machine.
            #expect(hours >= 0 && hours < 1)
        }
    }

    @Test("the dashboard is one document with queue, agents, builds, trends, cache, regressions and waiting")
    func dashboardShape() async throws {
        try await TestServer.make().test { client in
            _ = try await AgentAPITests.registerAgent(client)
            _ = try await AgentAPITests.trigger(client)
            _ = try await MetricsAPITests.post(client, MetricsAPITests.report(seconds: 42, ago: 60))
            let response = try await client.execute(
                uri: "/api/v1/dashboard", method: .get, headers: [.authorization: "Bearer \(TestServer.adminToken)"])
            #expect(response.status == .ok)
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let document = try decoder.decode(DashboardDocument.self, from: Data(response.body.readableBytesView))
            #expect(document.queue.pending == 3)
            #expect(document.queue.byReason.map(\.count).reduce(0, +) == 3)
            #expect(document.agents.byState == ["idle": 1])
            #expect(document.agents.agents.first?.currentJobs == 0)
            #expect(document.recentBuilds.count == 1 && document.recentBuilds.first?.state == "pending")
            // Summed, not today's point alone: a minute ago is yesterday just after midnight UTC.
            #expect(document.trends.count == 30 && document.trends.map(\.count).reduce(0, +) == 1)
            #expect(document.cache.trend.count == 30)
            #expect(document.regressions.isEmpty)
            #expect(document.waiting.perDay.count == 30)
            let object = try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]
            #expect(Set(object?.keys.map { $0 } ?? []) == ["generatedAt", "queue", "agents", "recentBuilds", "trends", "cache", "regressions", "waiting"])
        }
    }

    @Test("with a public URL every feed link is absolute on it; release steps and flaky tests link the dashboard's sections")
    func feedLinks() async throws {
        let server = try await TestServer.make(configure: { $0.notifier.publicURL = "https://ci.example.com" })
        let events = try await server.server.container.resolve((any NotableEventStore).self)
        for (kind, url) in [("release.released", "/api/v1/releases/1"), ("test.flaky", "/api/v1/metrics/tests/flaky"), ("build.failed", "/builds/7")] {
            try await events.recordNotableEvent(NotableEvent(kind: kind, title: kind, summary: "-", url: url, occurredAt: DateShift.now))
        }
        try await server.test { client in
            let response = try await client.execute(uri: "/feed.json", method: .get, headers: [.authorization: "Bearer \(TestServer.adminToken)"])
            let feed = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
            #expect(feed["home_page_url"] as? String == "https://ci.example.com/")
            #expect(feed["feed_url"] as? String == "https://ci.example.com/feed.json")
            let links = Dictionary(uniqueKeysWithValues: (feed["items"] as? [[String: Any]] ?? []).compactMap { item -> (String, String)? in
                guard let tag = (item["tags"] as? [String])?.first, let url = item["url"] as? String else { return nil }
                return (tag, url)
            })
            #expect(links == [
                "release.released": "https://ci.example.com/#releases", "test.flaky": "https://ci.example.com/#test-health",
                "build.failed": "https://ci.example.com/builds/7",
            ])
        }
    }

    @Test("the feed is valid JSON Feed 1.1 and takes a read token from the header or the query")
    func feed() async throws {
        let server = try await TestServer.make()
        let events = try await server.server.container.resolve((any NotableEventStore).self)
        try await events.recordNotableEvent(NotableEvent(
            kind: "metrics.regression", title: "acme/ios-app · pr · ios: median build time rose 50%",
            summary: "Slower.", url: "/api/v1/metrics/regressions", occurredAt: DateShift.now))
        try await server.test { client in
            #expect(try await client.send(.get, "/feed.json", token: nil).status == .unauthorized)
            #expect(try await client.send(.get, "/feed.json?token=nope", token: nil).status == .unauthorized)
            let created = try await client.send(.post, "/api/v1/tokens", json: #"{"name": "reader", "scopes": ["read"]}"#)
            let reader = try #require(created.body["token"] as? String)
            for (uri, token) in [("/feed.json", Optional(reader)), ("/feed.json?token=\(reader)", nil)] {
                let headers: HTTPFields = token.map { [.authorization: "Bearer \($0)"] } ?? [:]
                let response = try await client.execute(uri: uri, method: .get, headers: headers)
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("application/feed+json") == true)
                let data = Data(response.body.readableBytesView)
                #expect(JSONFeedValidator.problems(in: data).isEmpty)
                let feed = try JSONSerialization.jsonObject(with: data) as? [String: Any]
                let items = feed?["items"] as? [[String: Any]]
                #expect(items?.count == 1)
                #expect(items?.first?["tags"] as? [String] == ["metrics.regression"])
                // A feed reader holds no API token: the item links the dashboard's section, never the API.
                let link = try #require(items?.first?["url"] as? String)
                #expect(link.hasSuffix("/#regressions") && !link.contains("/api/"), "\(link)")
                #expect(feed?["home_page_url"] is String && feed?["feed_url"] is String, "\(String(describing: feed))")
            }
        }
    }
}
