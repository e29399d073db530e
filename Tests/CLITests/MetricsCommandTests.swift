import Foundation
import HTTPClient
import Testing

@Suite("mobile-ops metrics summary, cache and regressions")
struct MetricsCommandTests {
    @Test("the metrics commands print tables and JSON, and name a bad window")
    func metricsCommands() async throws {
        try await LiveServer.runAsAdmin { server, env in
            let summary = try await CLIProcess.run(["metrics", "summary", "--speedup", "20"], environment: env)
            #expect(summary.status == 0, "\(summary.stderr)")
            #expect(summary.stdout.contains("P50") && summary.stdout.contains("all  "))
            #expect(summary.stdout.contains("A 20% faster build would save 0.0 developer-hours per month."))

            let grouped = try await CLIProcess.run(["metrics", "summary", "--group-by", "pipeline", "--window", "4w", "--json"], environment: env)
            let object = try JSONSerialization.jsonObject(with: Data(grouped.stdout.utf8)) as? [String: Any]
            #expect((object?["window"] as? [String: Any])?["days"] as? Int == 28)
            #expect((object?["groups"] as? [Any])?.isEmpty == true)

            let cache = try await CLIProcess.run(["metrics", "cache"], environment: env)
            #expect(cache.status == 0 && cache.stdout.contains("Tasks that miss most:"))

            // A task always served from cache, and one with no cacheable work, never missed:
            // they are not among the tasks that miss most.
            let tasks = #"[{"name": ":app:dexBuilderDebug", "outcome": "fromCache", "cacheKind": "remote"}, {"name": ":app:preBuild", "outcome": "upToDate"}, {"name": ":app:compileDebugKotlin", "outcome": "executed"}]"#
            let response = try await HTTPClient().execute(HTTPClient.Request(
                method: .post, url: server.url + "/api/v1/metrics/builds",
                headers: ["Authorization": "Bearer \(LiveServer.adminToken)", "Content-Type": "application/json"],
                body: Array(#"{"id": "gradle-1", "dimensions": {"repository": "acme/android-app", "platform": "android"}, "durationSeconds": 60, "outcome": "success", "tasks": \#(tasks)}"#.utf8)))
            #expect(response.status == 201, "\(response.bodyText)")
            let missing = try await CLIProcess.run(["metrics", "cache"], environment: env)
            let misses = try #require(missing.stdout.components(separatedBy: "Tasks that miss most:").last)
            #expect(misses.contains(":app:compileDebugKotlin"), "\(missing.stdout)")
            #expect(!misses.contains(":app:dexBuilderDebug") && !misses.contains(":app:preBuild"), "\(missing.stdout)")
            let regressions = try await CLIProcess.run(["metrics", "regressions", "--open"], environment: env)
            #expect(regressions.status == 0 && regressions.stdout.contains("(none)"))

            let bad = try await CLIProcess.run(["metrics", "summary", "--window", "forever"], environment: env)
            #expect(bad.status == 1)
            #expect(bad.stderr.contains("window must be a number of days or weeks"))
        }
    }
}
