import BuildMetrics
import Core
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Store
import Testing
@testable import Server
import TestSupport

@Suite("Build metrics over HTTP: intake, summary, cache, agent reports")
struct MetricsAPITests {
    /// A report as JSON, finished `ago` seconds before now.
    static func report(
        repository: String = "acme/ios-app", pipeline: String = "pr", seconds: Double, queue: Double = 0, ago: TimeInterval,
        outcome: String = "success", environment: String = "ci", tasks: String = "[]", id: String? = nil
    ) -> String {
        let finished = DateShift.now.addingTimeInterval(-ago).formatted(.iso8601)
        let external = id.map { #""id": "\#($0)", "# } ?? ""
        return #"""
            {\#(external)"dimensions": {"repository": "\#(repository)", "branch": "main", "pipeline": "\#(pipeline)", "platform": "ios",
             "environment": "\#(environment)"}, "finishedAt": "\#(finished)", "durationSeconds": \#(seconds), "queueSeconds": \#(queue),
             "outcome": "\#(outcome)", "tasks": \#(tasks)}
            """#
    }

    static func post(_ client: some TestClientProtocol, _ json: String) async throws -> Int {
        let response = try await client.send(.post, "/api/v1/metrics/builds", json: json)
        #expect(response.status == .created)
        return try #require(response.body["id"] as? Int)
    }

    static func within(_ value: Any?, _ expected: Double) -> Bool {
        guard let value = value as? Double else { return false }
        return abs(value - expected) <= expected * DurationHistogram.maxRelativeError + 1e-9
    }

    @Test("the summary matches hand-computed figures and compares with the previous window")
    func summaryByHand() async throws {
        try await TestServer.make().test { client in
            let day = 86_400.0
            // Current window: 100/200/300/400 s; two local (waited-on) builds, one failure, one canceled.
            _ = try await Self.post(client, Self.report(seconds: 100, queue: 10, ago: 2 * day, environment: "local"))
            _ = try await Self.post(client, Self.report(seconds: 200, queue: 20, ago: 2 * day, environment: "local"))
            _ = try await Self.post(client, Self.report(seconds: 300, queue: 30, ago: 3 * day, outcome: "failure"))
            _ = try await Self.post(client, Self.report(seconds: 400, queue: 40, ago: 4 * day, outcome: "canceled"))
            // Previous window: two builds of 100 s. Another repository, current window.
            _ = try await Self.post(client, Self.report(seconds: 100, ago: 9 * day))
            _ = try await Self.post(client, Self.report(seconds: 100, ago: 10 * day))
            _ = try await Self.post(client, Self.report(repository: "acme/android", seconds: 50, ago: day))

            let summary = try await client.send(.get, "/api/v1/metrics/summary?window=7d&repository=acme/ios-app&speedup=20")
            #expect(summary.status == .ok)
            let group = try #require((summary.body["groups"] as? [[String: Any]])?.first)
            let current = try #require(group["current"] as? [String: Any])
            #expect(current["count"] as? Int == 4)
            #expect(current["succeeded"] as? Int == 2 && current["failed"] as? Int == 1 && current["canceled"] as? Int == 1)
            #expect(abs((current["successRate"] as? Double ?? 0) - 2.0 / 3.0) < 1e-9)
            let duration = try #require(current["run"] as? [String: Any])
            // Nearest rank of [100, 200, 300, 400]: p50 = 200, p90 = p95 = 400; the mean is exact.
            #expect(Self.within(duration["p50"], 200) && Self.within(duration["p90"], 400) && Self.within(duration["p95"], 400))
            #expect(duration["mean"] as? Double == 250)
            #expect(Self.within((current["queue"] as? [String: Any])?["p50"], 20))
            // Reports from another CI: total = queue + run.
            #expect((current["total"] as? [String: Any])?["mean"] as? Double == 275)
            let previous = try #require(group["previous"] as? [String: Any])
            #expect(previous["count"] as? Int == 2)
            #expect((group["change"] as? [String: Any])?["countPercent"] as? Double == 100)

            // Waiting: the two local builds, (100 + 10) + (200 + 20) s.
            let waiting = try #require(summary.body["waiting"] as? [String: Any])
            #expect(abs((waiting["totalHours"] as? Double ?? 0) - 330.0 / 3_600) < 1e-9)
            #expect(waiting["waitedBuilds"] as? Int == 2)
            #expect((waiting["perDay"] as? [Any])?.count == 7)
            let window = try #require(summary.body["window"] as? [String: Any])
            let start = try #require((window["start"] as? String).flatMap { try? Date($0, strategy: .iso8601) })
            let end = try #require((window["end"] as? String).flatMap { try? Date($0, strategy: .iso8601) })
            let elapsedDays = end.timeIntervalSince(start) / 86_400
            let saved = 300 * 0.2 / elapsedDays * 30 / 3_600
            #expect(abs((waiting["hoursSavedPerMonth"] as? Double ?? 0) - saved) < saved * 0.01)

            let grouped = try await client.send(.get, "/api/v1/metrics/summary?window=1w&groupBy=repository")
            let keys = (grouped.body["groups"] as? [[String: Any]])?.compactMap { $0["key"] as? String }
            #expect(keys == ["acme/ios-app", "acme/android"])
        }
    }

    @Test("bad reports are rejected whole with every problem; bad queries name the parameter")
    func validation() async throws {
        try await TestServer.make(configure: { $0.maxBodySize = 4_096 }).test { client in
            let bad = #"""
                {"dimensions": {"repository": " "}, "startedAt": "2026-11-21T10:00:00Z", "finishedAt": "2026-11-21T09:00:00Z",
                 "queueSeconds": -1, "outcome": "success", "tasks": [{"name": "", "outcome": "executed"}]}
                """#
            let rejected = try await client.send(.post, "/api/v1/metrics/builds", json: bad)
            #expect(rejected.status == .badRequest)
            #expect(rejected.body.errorCode == "invalid_report")
            let message = rejected.body.errorMessage ?? ""
            for path in ["dimensions.repository", "finishedAt", "queueSeconds", "tasks[0].name"] { #expect(message.contains(path)) }
            let malformed = try await client.send(.post, "/api/v1/metrics/builds", json: #"{"dimensions": "#)
            #expect(malformed.status == .badRequest && malformed.body.errorCode == "invalid_json")
            // Unknown enum values are problems like any other, listed with the rest.
            let unknown = try await client.send(.post, "/api/v1/metrics/builds", json: Self.report(seconds: -1, ago: 0, outcome: "meh"))
            #expect(unknown.status == .badRequest && unknown.body.errorCode == "invalid_report")
            let problems = unknown.body.errorMessage ?? ""
            #expect(problems.contains("2 problems"), "\(problems)")
            #expect(problems.contains(#"outcome: unknown value "meh"; expected one of: success, failure, canceled"#))
            #expect(problems.contains("durationSeconds: must not be negative"))
            // A NUL would cut a stored name short: refused as in every JSON body.
            let nul = try await client.send(.post, "/api/v1/metrics/builds", json: Self.report(seconds: 1, ago: 0, tasks: #"[{"name": "a\u0000b", "outcome": "executed"}]"#))
            #expect(nul.status == .badRequest && nul.body.errorCode == "invalid_tasks", "\(nul.body)")
            #expect(nul.body.errorMessage?.hasPrefix("field 'tasks[0].name' holds a NUL character") == true, "\(nul.body)")
            let huge = try await client.send(.post, "/api/v1/metrics/builds", json: String(repeating: " ", count: 8_000) + "{}")
            #expect(huge.status == .contentTooLarge)
            #expect(try await client.send(.get, "/api/v1/metrics/summary?window=forever").body.errorCode == "invalid_window")
            #expect(try await client.send(.get, "/api/v1/metrics/summary?groupBy=color").body.errorCode == "invalid_parameter")
            #expect(try await client.send(.get, "/api/v1/metrics/cache?platform=windows").body.errorCode == "invalid_parameter")
            #expect(try await client.send(.get, "/api/v1/metrics/summary", token: nil).status == .unauthorized)
            let duplicate = Self.report(seconds: 5, ago: 60, id: "ci-1")
            _ = try await Self.post(client, duplicate)
            let again = try await client.send(.post, "/api/v1/metrics/builds", json: duplicate)
            #expect(again.status == .ok && again.body["created"] as? Bool == false)
        }
    }

    @Test("cache rates by build system and task, with the tasks that miss most first")
    func cache() async throws {
        try await TestServer.make().test { client in
            let tasks = #"""
                [{"name": ":app:compileKotlin", "outcome": "executed"}, {"name": ":app:compileKotlin", "outcome": "fromCache", "cacheKind": "remote"},
                 {"name": ":lib:jar", "outcome": "fromCache", "cacheKind": "local"}, {"name": ":lib:test", "outcome": "upToDate"}]
                """#
            _ = try await Self.post(client, Self.report(seconds: 10, ago: 3_600, tasks: tasks))
            let cache = try await client.send(.get, "/api/v1/metrics/cache?window=7d")
            #expect(cache.status == .ok)
            let overall = try #require(cache.body["overall"] as? [String: Any])
            // 2 hits of 3 tasks that needed outputs; the up-to-date task is not counted.
            #expect(abs((overall["hitRate"] as? Double ?? 0) - 2.0 / 3.0) < 1e-9)
            #expect(abs((overall["remoteHitRate"] as? Double ?? 0) - 1.0 / 3.0) < 1e-9)
            let systems = (cache.body["byBuildSystem"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
            #expect(systems == ["xcode"])
            let first = (cache.body["byTask"] as? [[String: Any]])?.first
            #expect(first?["name"] as? String == ":app:compileKotlin")
            #expect((cache.body["trend"] as? [Any])?.count == 1)
        }
    }

    @Test("test counts that overflow when added are a 400, on the metrics endpoint and the agent's")
    func overflowingTestCounts() async throws {
        try await TestServer.make().test { client in
            let report = #"""
                {"dimensions": {"repository": "acme/ios-app"}, "durationSeconds": 10, "outcome": "success",
                 "tests": {"total": 9223372036854775807, "passed": 9223372036854775807, "failed": 9223372036854775807,
                           "skipped": 9223372036854775807, "durationSeconds": 1}}
                """#
            let rejected = try await client.send(.post, "/api/v1/metrics/builds", json: report)
            #expect(rejected.status == .badRequest)
            #expect(rejected.body.errorCode == "invalid_report")

            let agent = try await AgentAPITests.registerAgent(client)
            _ = try await AgentAPITests.trigger(client)
            let job = try #require(try await AgentAPITests.next(client, agent: agent))
            let id = try #require(job["jobID"] as? Int)
            #expect(try await client.send(.post, "/api/v1/agent/jobs/\(id)/start", token: agent).status == .ok)
            let fromAgent = try await client.send(.post, "/api/v1/agent/jobs/\(id)/metrics", token: agent, json: report)
            #expect(fromAgent.status == .badRequest)
            #expect(fromAgent.body.errorCode == "invalid_report")
            // The holder is checked before the body is read: another agent's report is 409,
            // whatever its body holds.
            let other = try await AgentAPITests.registerAgent(client)
            let notHeld = try await client.send(.post, "/api/v1/agent/jobs/\(id)/metrics", token: other, json: report)
            #expect(notHeld.status == .conflict && notHeld.body.errorCode == "job_not_held", "\(notHeld.body)")
            // The server is still there.
            #expect(try await client.send(.get, "/healthz", token: nil).status == .ok)
        }
    }
}
