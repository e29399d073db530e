import BuildMetrics
import Core
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import Server

@Suite("Test results per build, and flaky tests, over HTTP")
struct TestResultsAPITests {
    /// 2026-03-10T12:00:00Z: every report and window is measured from this clock.
    static let start = Date(timeIntervalSince1970: 1_773_144_000)

    @Test("a build's tests per job: totals, failed tests first with message, file:line and duration; parser warnings; 404 and 400")
    func buildTests() async throws {
        let clock = ManualClock(at: Self.start)
        try await TestServer.make(clock: clock, backgroundServices: false).test { client in
            let agent = try await AgentAPITests.registerAgent(client)
            let reports = [
                try TestRuns.report(xml: TestRuns.gradleXML(rejectsFails: true), finishedAt: Self.start),
                try TestRuns.report(xml: "<html><body>Gradle test report</body></html>", file: "app/build/reports/index.xml", finishedAt: Self.start),
            ]
            let buildID = try await TestRuns.runBuild(client, agent: agent, testReports: reports, now: Self.start)

            let answer = try await client.send(.get, "/api/v1/builds/\(buildID)/tests")
            #expect(answer.status == .ok)
            let totals = try #require(answer.body["totals"] as? [String: Any])
            #expect(totals["total"] as? Int == 4 && totals["passed"] as? Int == 2 && totals["failed"] as? Int == 1)
            #expect(totals["skipped"] as? Int == 1 && totals["flaky"] as? Int == 1)
            let jobs = try #require(answer.body["jobs"] as? [[String: Any]])
            #expect(jobs.map { $0["stepKey"] as? String } == ["build", "test", "test"])
            #expect(jobs[0]["totals"] == nil || jobs[0]["totals"] is NSNull)
            let tests = try #require(jobs[1]["tests"] as? [[String: Any]])
            #expect(tests.map { $0["outcome"] as? String } == ["failed", "flaky", "skipped", "passed"])
            #expect(tests.map { $0["name"] as? String } == ["rejects", "retries", "biometrics", "logsIn"])
            let failed = tests[0]
            #expect(failed["suite"] as? String == "com.acme.LoginTest")
            #expect(failed["message"] as? String == "java.lang.AssertionError: expected:<false> but was:<true>")
            #expect(failed["file"] as? String == "LoginTest.kt" && failed["line"] as? Int == 31)
            #expect(failed["durationSeconds"] as? Double == 0.5)
            #expect(tests[1]["attempts"] as? Int == 2)
            let warnings = try #require(jobs[2]["warnings"] as? [String])
            #expect(warnings.contains { $0.hasPrefix("app/build/reports/index.xml: ") && $0.contains("no JUnit elements") }, "\(warnings)")

            let onlyFailed = try await client.send(.get, "/api/v1/builds/\(buildID)/tests?failed=true")
            let listed = ((onlyFailed.body["jobs"] as? [[String: Any]])?[1]["tests"] as? [[String: Any]])?.map { $0["name"] as? String }
            #expect(listed == ["rejects"])
            #expect((onlyFailed.body["totals"] as? [String: Any])?["total"] as? Int == 4, "totals are the job's, whatever is listed")

            let missing = try await client.send(.get, "/api/v1/builds/999/tests")
            #expect(missing.status == .notFound)
            #expect(try await client.send(.get, "/api/v1/builds/abc/tests").status == .notFound)
            let bad = try await client.send(.get, "/api/v1/builds/\(buildID)/tests?failed=maybe")
            #expect(bad.status == .badRequest && bad.body.errorCode == "invalid_parameter")
        }
    }

    @Test("a test that failed and passed on the same commit is flaky: listed with flip rate and builds, announced in the feed once")
    func flakyAcrossBuilds() async throws {
        let clock = ManualClock(at: Self.start)
        try await TestServer.make(clock: clock, backgroundServices: false).test { client in
            let agent = try await AgentAPITests.registerAgent(client)
            let failing = try TestRuns.report(xml: TestRuns.gradleXML(rejectsFails: true), finishedAt: Self.start)
            let first = try await TestRuns.runBuild(client, agent: agent, testReports: [failing], now: clock.now)
            let before = try await client.send(.get, "/api/v1/metrics/tests/flaky")
            let onlyRetry = (before.body["tests"] as? [[String: Any]])?.compactMap { ($0["test"] as? [String: Any])?["name"] as? String }
            #expect(onlyRetry == ["retries"], "one failing build: only the in-report retry is flaky")

            clock.advance(by: 3_600)
            let passing = try TestRuns.report(xml: TestRuns.gradleXML(rejectsFails: false), finishedAt: clock.now)
            let second = try await TestRuns.runBuild(client, agent: agent, testReports: [passing], now: clock.now)
            // Another commit failing is not a flip: it is the code that changed.
            clock.advance(by: 3_600)
            let other = String(repeating: "ab", count: 20)
            _ = try await TestRuns.runBuild(client, agent: agent, commit: other, testReports: [failing], now: clock.now)

            let flaky = try await client.send(.get, "/api/v1/metrics/tests/flaky?window=7d")
            #expect(flaky.status == .ok)
            let entries = try #require(flaky.body["tests"] as? [[String: Any]])
            let rejects = try #require(entries.first { ($0["test"] as? [String: Any])?["name"] as? String == "rejects" })
            #expect((rejects["test"] as? [String: Any])?["repository"] as? String == "acme/ios-app")
            #expect(rejects["flips"] as? Int == 1 && rejects["attempts"] as? Int == 3 && rejects["failures"] as? Int == 2)
            #expect(rejects["flakyCommits"] as? Int == 1)
            #expect(abs((rejects["flipRate"] as? Double ?? 0) - 1.0 / 3.0) < 1e-9)
            let runs = try #require(rejects["runs"] as? [[String: Any]])
            #expect(runs.compactMap { $0["buildID"] as? Int } == [second, first])
            #expect(runs.allSatisfy { $0["commit"] as? String == TestRuns.sha })

            let feed = try await client.send(.get, "/feed.json")
            let items = try #require(feed.body["items"] as? [[String: Any]])
            let announced = items.filter { ($0["title"] as? String)?.contains("com.acme.LoginTest.rejects is flaky") == true }
            #expect(announced.count == 1)
            #expect((announced.first?["url"] as? String)?.hasSuffix("/builds/\(second)") == true, "the build page")
            #expect(items.filter { ($0["title"] as? String)?.contains("com.acme.LoginTest.retries is flaky") == true }.count == 1)

            // Flipping again on the same commit is counted, not announced again.
            clock.advance(by: 3_600)
            _ = try await TestRuns.runBuild(client, agent: agent, testReports: [failing], now: clock.now)
            let again = try await client.send(.get, "/api/v1/metrics/tests/flaky")
            let updated = (again.body["tests"] as? [[String: Any]])?.first { ($0["test"] as? [String: Any])?["name"] as? String == "rejects" }
            #expect(updated?["flips"] as? Int == 2)
            let feedAgain = try await client.send(.get, "/feed.json")
            #expect((feedAgain.body["items"] as? [[String: Any]])?.filter { ($0["title"] as? String)?.contains("rejects is flaky") == true }.count == 1)

            // A month later the window no longer holds it.
            clock.advance(by: 40 * 86_400)
            #expect((try await client.send(.get, "/api/v1/metrics/tests/flaky").body["tests"] as? [Any])?.isEmpty == true)
            for query in ["window=forever", "window=0d", "limit=0", "limit=x"] {
                let bad = try await client.send(.get, "/api/v1/metrics/tests/flaky?\(query)")
                #expect(bad.status == .badRequest, "\(query)")
            }
        }
    }
}
