import BuildMetrics
import Core
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import Server

@Suite("Slowest tests and tests whose duration regressed, over HTTP")
struct TestDurationsAPITests {
    static let start = TestResultsAPITests.start

    /// A report from another CI with one passed run of each test, `seconds` each.
    static func report(_ durations: [String: Double], finishedAt: Date, repository: String = "acme/android") throws -> String {
        let cases = durations.keys.sorted().map { name in
            TestCaseResult(suite: "com.acme.CheckoutTest", name: name, outcome: .passed, durationSeconds: durations[name])
        }
        let tests = TestSummary(total: cases.count, passed: cases.count, durationSeconds: durations.values.reduce(0, +), cases: cases)
        let report = BuildReport(
            dimensions: BuildDimensions(repository: repository, pipeline: "pr"), finishedAt: finishedAt, durationSeconds: 60,
            outcome: .success, tests: tests)
        return String(decoding: try report.encoded(), as: UTF8.self)
    }

    @Test("slowest by median over the window; regressed against the window before, past both thresholds")
    func slowestAndRegressed() async throws {
        let clock = ManualClock(at: Self.start)
        try await TestServer.make(clock: clock, backgroundServices: false).test { client in
            let day = 86_400.0
            // The window before: `pays` takes 1 s, `lists` 0.5 s.
            for ago in [10.0, 9, 8] {
                _ = try await MetricsAPITests.post(client, try Self.report(["pays": 1.0, "lists": 0.5], finishedAt: Self.start.addingTimeInterval(-ago * day)))
            }
            // This window: `pays` doubles, `lists` barely moves, `exports` is new and slow; one slow `pays` run elsewhere.
            for (ago, pays) in [(2.0, 2.0), (1, 2.1), (0.1, 1.9)] {
                _ = try await MetricsAPITests.post(
                    client, try Self.report(["pays": pays, "lists": 0.52, "exports": 5], finishedAt: Self.start.addingTimeInterval(-ago * day)))
            }
            _ = try await MetricsAPITests.post(client, try Self.report(["pays": 30], finishedAt: Self.start.addingTimeInterval(-3_600), repository: "acme/ios"))
            // A report dated a little ahead of the server's clock (the sender's clock runs ahead) is still today's.
            _ = try await MetricsAPITests.post(client, try Self.report(["late": 9], finishedAt: Self.start.addingTimeInterval(600)))

            let slowest = try await client.send(.get, "/api/v1/metrics/tests/slowest?window=7d&repository=acme/android")
            #expect(slowest.status == .ok)
            let ranked = try #require(slowest.body["tests"] as? [[String: Any]])
            #expect(ranked.compactMap { ($0["test"] as? [String: Any])?["name"] as? String } == ["late", "exports", "pays", "lists"])
            let pays = ranked[2]
            #expect(pays["p50Seconds"] as? Double == 2.0 && pays["maxSeconds"] as? Double == 2.1 && pays["runs"] as? Int == 3)
            #expect((pays["slowestRun"] as? [String: Any])?["reportID"] is Int)
            let everywhere = try await client.send(.get, "/api/v1/metrics/tests/slowest?limit=1")
            #expect(((everywhere.body["tests"] as? [[String: Any]])?.first?["test"] as? [String: Any])?["repository"] as? String == "acme/ios")

            let regressed = try await client.send(.get, "/api/v1/metrics/tests/regressed?window=7d&repository=acme/android")
            #expect(regressed.status == .ok)
            let grown = try #require(regressed.body["tests"] as? [[String: Any]])
            #expect(grown.compactMap { ($0["test"] as? [String: Any])?["name"] as? String } == ["pays"])
            #expect(grown.first?["previousP50Seconds"] as? Double == 1.0 && grown.first?["p50Seconds"] as? Double == 2.0)
            #expect(grown.first?["changePercent"] as? Double == 100)
            #expect(regressed.body["minRuns"] as? Int == 3 && regressed.body["minChangePercent"] as? Double == 20)

            let looser = try await client.send(.get, "/api/v1/metrics/tests/regressed?repository=acme/android&minChangePercent=1&minChangeSeconds=0.01")
            #expect((looser.body["tests"] as? [[String: Any]])?.compactMap { ($0["test"] as? [String: Any])?["name"] as? String } == ["pays", "lists"])
            let stricter = try await client.send(.get, "/api/v1/metrics/tests/regressed?repository=acme/android&minRuns=4")
            #expect((stricter.body["tests"] as? [Any])?.isEmpty == true)

            for query in ["minRuns=0", "minChangePercent=-5", "minChangeSeconds=abc", "window=1y"] {
                let bad = try await client.send(.get, "/api/v1/metrics/tests/regressed?\(query)")
                #expect(bad.status == .badRequest, "\(query)")
            }
        }
    }
}
