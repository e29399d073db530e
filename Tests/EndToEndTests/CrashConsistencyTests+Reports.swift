import ChildProcesses
import Foundation
import HTTPClient
import Testing

/// The same for build reports (`POST /api/v1/metrics/builds`): their `id` is the idempotency
/// key (per repository), so "stored exactly once" is checkable through the API.
extension CrashConsistencyTests {
    /// The repository dimension of round `round`'s reports: one per round, so each round's
    /// count can be read alone.
    static func reportRepository(_ round: Int) -> String { "acme/crash-reports-\(round)" }

    /// Item `index` as a build report of round `round`: one step, three tasks (one executed,
    /// two from a cache), a test summary; it finished at `finishedAt` (ISO 8601).
    static func report(base: String, index: Int, round: Int, startedAt: String, finishedAt: String) -> HTTPRequest {
        let json = """
            {"id": "crash-report-\(index)", "dimensions": {"repository": "\(reportRepository(round))", "branch": "main", "pipeline": "crash",
             "platform": "android", "machine": "crash", "environment": "ci"},
             "startedAt": "\(startedAt)", "finishedAt": "\(finishedAt)", "queueSeconds": 2, "outcome": "success",
             "steps": [{"name": "assemble", "durationSeconds": 60, "outcome": "success"}],
             "tasks": [{"name": ":app:compile", "outcome": "executed", "durationSeconds": 20},
                       {"name": ":app:lint", "outcome": "fromCache", "cacheKind": "remote"},
                       {"name": ":lib:compile", "outcome": "fromCache", "cacheKind": "local"}],
             "tests": {"total": 3, "passed": 3, "failed": 0, "skipped": 0, "flaky": 0, "retried": 0, "durationSeconds": 1},
             "commit": "\(sha(index))"}
            """
        let headers: HTTPHeaders = ["Authorization": "Bearer \(Fleet.adminToken)", "Content-Type": "application/json"]
        return HTTPRequest(method: .post, url: base + "/api/v1/metrics/builds", headers: headers, body: Array(json.utf8), timeout: .seconds(20))
    }

    @Test("every build report answered 201 survives a SIGKILL whole; a replay stores the rest, each once")
    func buildReports() async throws {
        let seed = Self.seed()
        print("crash consistency (reports): seed \(seed)")
        var random = SeededGenerator(seed: seed)
        let fleet = try Fleet()
        defer { fleet.stop() }
        try await fleet.startServer(pipeline: Self.pipeline)
        // A minute ago, relative to now: inside the 7-day window on any date.
        let format = ISO8601DateFormatter()
        let startedAt = format.string(from: Date().addingTimeInterval(-120))
        let finishedAt = format.string(from: Date().addingTimeInterval(-60))
        let flood = CrashFlood(client: fleet.http, senders: Self.senders)
        var tally = CrashTally(kind: "reports", seed: seed)
        var next = 0
        for round in 1...Self.rounds {
            let pid = try #require(fleet.server?.pid)
            let killAfter = Duration.milliseconds(Int.random(in: Self.killWindow, using: &random))
            let makeReport: CrashFlood.RequestMaker = { base, index in
                Self.report(base: base, index: index, round: round, startedAt: startedAt, finishedAt: finishedAt)
            }
            let outcome = await flood.floodAndKill(base: fleet.url, pid: pid, first: next, killAfter: killAfter, request: makeReport)
            await fleet.serverExited()
            fleet.expectDatabaseWhole(after: "round \(round)'s kill")
            try await fleet.startServer(pipeline: Self.pipeline)
            await checkReports(outcome, flood: flood, fleet: fleet, request: makeReport, tally: &tally)
            try await checkReportTotals(fleet, round: round, count: outcome.attempted.count)
            tally.add(round: round, outcome, success: 201)
            next = (outcome.attempted.last ?? next) + 1
        }
        tally.report()
        #expect(tally.lost == 0)
        #expect(tally.answered > 0, "no report was ever answered: the flood measured nothing")
    }

    /// Replays every report sent in the round: one answered 201 must now answer
    /// `200 {"id": <the same>, "created": false}`; one cut off is stored now if it was not.
    private func checkReports(
        _ outcome: CrashFlood.Outcome, flood: CrashFlood, fleet: Fleet, request: @escaping CrashFlood.RequestMaker, tally: inout CrashTally
    ) async {
        let replay = await flood.send(outcome.attempted, base: fleet.url, request: request)
        var stored: [Int: Int] = [:]
        for index in outcome.attempted {
            guard case let .success(again)? = replay[index] else {
                Issue.record("replaying report \(index) failed: \(String(describing: replay[index]))")
                continue
            }
            let object = Self.object(again.body)
            if let first = outcome.answers[index], first.status == 201 {
                let firstID = Self.object(first.body)["id"] as? Int
                if again.status != 200 || object["id"] as? Int != firstID || object["created"] as? Bool != false {
                    tally.lose(index, "answered 201 \(first.bodyText), after the restart \(again.status) \(again.bodyText)")
                }
            } else {
                #expect([200, 201].contains(again.status), "replaying report \(index): \(again.status) \(again.bodyText)")
                if again.status == 200 { tally.storedUnanswered += 1 }
            }
            if let id = object["id"] as? Int { stored[index] = id }
        }
        #expect(Set(stored.values).count == outcome.attempted.count, "\(outcome.attempted.count) reports sent, \(Set(stored.values).count) distinct stored ids")
    }

    /// The round's repository holds each report exactly once and whole: the rollup counts
    /// `count` builds, the per-build task counters sum to 1 executed and 2 cached tasks each,
    /// and the task detail rows hold each of the three tasks `count` times.
    private func checkReportTotals(_ fleet: Fleet, round: Int, count: Int) async throws {
        let filter = "window=7d&repository=\(Self.reportRepository(round))"
        let summary = try await fleet.call("GET", "/api/v1/metrics/summary?\(filter)")
        let current = (summary["groups"] as? [[String: Any]])?.first?["current"] as? [String: Any]
        #expect(current?["count"] as? Int == count, "round \(round): \(count) reports sent, the summary counts \(String(describing: current?["count"]))")
        let cache = try await fleet.call("GET", "/api/v1/metrics/cache?\(filter)")
        let counts = (cache["overall"] as? [String: Any])?["counts"] as? [String: Any]
        #expect(counts?["executed"] as? Int == count && counts?["fromCache"] as? Int == 2 * count, "round \(round): task counters \(String(describing: counts))")
        let byTask = (cache["byTask"] as? [[String: Any]] ?? []).reduce(into: [String: Int]()) { tasks, entry in
            let counts = (entry["rates"] as? [String: Any])?["counts"] as? [String: Any] ?? [:]
            tasks[entry["name"] as? String ?? "?"] = (counts["executed"] as? Int ?? 0) + (counts["fromCache"] as? Int ?? 0)
        }
        #expect(byTask == [":app:compile": count, ":app:lint": count, ":lib:compile": count], "round \(round): task rows \(byTask)")
    }
}
