import Foundation
import Testing

/// Build metrics with real processes: two builds of a two-job pipeline on a real agent, and
/// the same counts and times from the metrics API, the dashboard document, the feed and
/// Prometheus.
@Suite("End to end: build metrics agree everywhere", .serialized, .timeLimit(.minutes(3)))
struct BuildMetricsEndToEndTests {
    static let pipeline = """
        name: e2e
        triggers:
          push:
            branches: [main]
        steps:
          - key: build
            label: Build
            command: echo building && sleep 1
            agents:
              platform: ios
          - key: test
            label: Test
            depends_on: [build]
            command: echo testing && test ! -f BROKEN
            agents:
              platform: ios
        """

    /// The feed's way of writing seconds below a minute.
    static func feedSeconds(_ value: Double) -> String { String(format: "%.2f s", value) }

    /// `name{state="…"} value` lines of one Prometheus metric, by state.
    static func samples(_ text: String, _ name: String) -> [String: Double] {
        var values: [String: Double] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix(name + "{") {
            guard let state = line.split(separator: "\"").dropFirst().first, let value = line.split(separator: " ").last.flatMap({ Double($0) })
            else { continue }
            values[String(state), default: 0] += value
        }
        return values
    }

    @Test("two builds of two jobs are two builds, with the same queue, run and total in API, dashboard, feed and Prometheus")
    func countsAndTimesAgree() async throws {
        let fleet = try Fleet()
        defer { fleet.stop() }
        let (repository, passing) = try await fleet.makeRepository()
        try await fleet.startServer(pipeline: Self.pipeline)
        try await fleet.call("POST", "/api/v1/repositories", json: #"{"name": "acme/e2e", "provider": "github", "cloneURL": "file://\#(repository)", "webhookSecret": "\#(Fleet.secret)"}"#)
        try fleet.startAgent("mac", tags: ["platform=ios"])
        let isOver: ([String: Any]) -> Bool = { ($0["state"] as? String).map { ["passed", "failed", "canceled"].contains($0) } ?? false }

        // A passing build, then a failing one on the default branch (which the feed announces).
        let first = try #require(try await fleet.push(repository: "acme/e2e", sha: passing).first)
        let passed = try await fleet.waitForBuild(first, until: isOver)
        #expect(passed["state"] as? String == "passed")
        let broken = try await fleet.commit(file: "BROKEN", contents: "yes\n")
        let second = try #require(try await fleet.push(repository: "acme/e2e", sha: broken).first)
        let failed = try await fleet.waitForBuild(second, until: isOver)
        #expect(failed["state"] as? String == "failed")
        #expect((passed["jobs"] as? [Any])?.count == 2 && (failed["jobs"] as? [Any])?.count == 2)

        // The dashboard: each build's queue, run and total.
        let dashboard = try await fleet.call("GET", "/api/v1/dashboard")
        let recent = try #require(dashboard["recentBuilds"] as? [[String: Any]])
        var times: [Int: (queue: Double, run: Double, total: Double)] = [:]
        for build in recent {
            guard let id = build["id"] as? Int, let queue = build["queueSeconds"] as? Double, let run = build["runSeconds"] as? Double,
                  let total = build["totalSeconds"] as? Double else { continue }
            times[id] = (queue, run, total)
        }
        let passedTimes = try #require(times[first])
        let failedTimes = try #require(times[second])
        // Two jobs one after the other, the first sleeping a second: the run spans both.
        #expect(passedTimes.run >= 1 && passedTimes.total >= passedTimes.queue + passedTimes.run)
        #expect(((dashboard["trends"] as? [[String: Any]])?.last?["count"] as? Int) == 2)

        // The metrics API: two builds (not four jobs), means equal to the dashboard's figures.
        let summary = try await fleet.call("GET", "/api/v1/metrics/summary?window=1d")
        let current = try #require((summary["groups"] as? [[String: Any]])?.first?["current"] as? [String: Any])
        #expect(current["count"] as? Int == 2 && current["succeeded"] as? Int == 1 && current["failed"] as? Int == 1)
        func mean(_ key: String) -> Double { (current[key] as? [String: Any])?["mean"] as? Double ?? -1 }
        #expect(abs(mean("queue") - (passedTimes.queue + failedTimes.queue) / 2) < 1e-6)
        #expect(abs(mean("run") - (passedTimes.run + failedTimes.run) / 2) < 1e-6)
        #expect(abs(mean("total") - (passedTimes.total + failedTimes.total) / 2) < 1e-6)

        // The feed: the failed build, with the same three figures.
        let feed = try JSONSerialization.jsonObject(with: Data(try await fleet.text("/feed.json").utf8)) as? [String: Any]
        let items = (feed?["items"] as? [[String: Any]] ?? []).filter { ($0["tags"] as? [String]) == ["build.failed"] }
        #expect(items.count == 1)
        let text = items.first?["content_text"] as? String ?? ""
        #expect(text.contains(
            "Queue \(Self.feedSeconds(failedTimes.queue)), run \(Self.feedSeconds(failedTimes.run)), total \(Self.feedSeconds(failedTimes.total))"),
            "\(text)")

        // Prometheus: one passed and one failed build, with the same sums.
        let metrics = try await fleet.text("/metrics")
        for (name, values) in [("queue", [passedTimes.queue, failedTimes.queue]), ("run", [passedTimes.run, failedTimes.run]),
                               ("total", [passedTimes.total, failedTimes.total])] {
            #expect(Self.samples(metrics, "mobile_ops_build_\(name)_seconds_count") == ["passed": 1, "failed": 1], "\(metrics)")
            let sums = Self.samples(metrics, "mobile_ops_build_\(name)_seconds_sum")
            #expect(abs((sums["passed"] ?? -1) - values[0]) < 1e-6 && abs((sums["failed"] ?? -1) - values[1]) < 1e-6, "\(name): \(sums) vs \(values)")
        }
    }
}
