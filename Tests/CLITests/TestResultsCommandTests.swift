import Foundation
import HTTPClient
import Testing

/// `mobile-ops builds tests`, `builds show` with failed tests, and `metrics flaky|slowest-tests|regressed-tests`.
@Suite("mobile-ops test results and test health")
struct TestResultsCommandTests {
    static let sha = String(repeating: "d00d1e", count: 6) + "abcd"

    /// A unit-test job's report; the server dates it from the job (no wall clock in the test).
    static func report(signInFails: Bool) -> String {
        let signIn = signInFails
            ? #"{"suite": "AppTests.LoginTests", "name": "testSignIn()", "outcome": "failed", "durationSeconds": 0.42, "message": "XCTAssertEqual failed: (\"401\") is not equal to (\"200\")", "file": "/Users/ci/App/AppTests/LoginTests.swift", "line": 57}"#
            : #"{"suite": "AppTests.LoginTests", "name": "testSignIn()", "outcome": "passed", "durationSeconds": 0.4}"#
        return #"""
            {"dimensions": {"repository": "x"}, "durationSeconds": 3, "outcome": "\#(signInFails ? "failure" : "success")",
             "tests": {"total": 2, "passed": \#(signInFails ? 1 : 2), "failed": \#(signInFails ? 1 : 0), "durationSeconds": 1.6,
               "cases": [\#(signIn), {"suite": "AppTests.CartTests", "name": "testTotal()", "outcome": "passed", "durationSeconds": 1.2}],
               "warnings": ["build/UnitTests.xcresult.json: nodes of unknown type `Test Bundle Summary` ignored"]}}
            """#
    }

    /// Triggers `ios-pr` at the commit and runs every job, posting `report` for the unit tests.
    static func runBuild(_ server: LiveServer, env: [String: String], agent: String, report: String) async throws -> Int {
        let triggered = try await CLIProcess.run(["builds", "trigger", "--pipeline", "ios-pr", "--commit", sha, "--json"], environment: env)
        let build = try #require((try JSONSerialization.jsonObject(with: Data(triggered.stdout.utf8)) as? [String: Any])?["id"] as? Int)
        for _ in 0..<20 {
            let job = try await BuildLogsCommandTests.call(server, .post, "/api/v1/agent/jobs/next?wait=0", token: agent)
            guard let id = job["jobID"] as? Int else { break }
            _ = try await BuildLogsCommandTests.call(server, .post, "/api/v1/agent/jobs/\(id)/start", token: agent)
            if job["stepKey"] as? String == "unit-tests" {
                let stored = try await BuildLogsCommandTests.call(server, .post, "/api/v1/agent/jobs/\(id)/metrics", token: agent, json: report)
                #expect(stored["created"] as? Bool == true, "\(stored)")
            }
            _ = try await BuildLogsCommandTests.call(server, .post, "/api/v1/agent/jobs/\(id)/finish", token: agent,
                                                    json: #"{"state": "passed", "exitStatus": 0, "commandDurations": [0.1]}"#)
        }
        return build
    }

    @Test("builds tests lists failed tests first with file:line; builds show names them; metrics flaky finds the flip")
    func testCommands() async throws {
        try await LiveServer.runAsAdmin { server, env in
            _ = try await CLIProcess.run(
                ["repos", "add", "acme/ios-app", "--provider", "github", "--clone-url", "https://github.com/acme/ios-app.git"], environment: env)
            let registration = try await BuildLogsCommandTests.call(server, .post, "/api/v1/agents/tokens", json: #"{"name": "fleet"}"#)
            let agent = try await BuildLogsCommandTests.call(
                server, .post, "/api/v1/agents/register", token: try #require(registration["token"] as? String),
                json: #"{"name": "mac-1", "tags": {"platform": "ios", "xcode": "16.2", "simulator": "true"}, "slots": 1}"#)
            let agentToken = try #require(agent["token"] as? String)
            let first = try await Self.runBuild(server, env: env, agent: agentToken, report: Self.report(signInFails: true))

            let tests = try await CLIProcess.run(["builds", "tests", String(first)], environment: env)
            #expect(tests.status == 0, "\(tests.stderr)")
            #expect(tests.stdout.contains("2 tests: 1 passed, 1 failed, 0 skipped"), "\(tests.stdout)")
            let failedLine = try #require(tests.stdout.split(separator: "\n").first { $0.contains("FAILED") })
            #expect(failedLine.contains("AppTests.LoginTests.testSignIn()") && failedLine.contains("0.42s"))
            #expect(failedLine.contains("/Users/ci/App/AppTests/LoginTests.swift:57"))
            #expect(tests.stdout.contains(#"XCTAssertEqual failed: ("401") is not equal to ("200")"#))
            #expect(tests.stdout.contains("warning: build/UnitTests.xcresult.json: nodes of unknown type"))
            let order = tests.stdout.range(of: "FAILED")?.lowerBound ?? tests.stdout.endIndex
            #expect(order < (tests.stdout.range(of: "AppTests.CartTests.testTotal()")?.lowerBound ?? tests.stdout.startIndex), "failed tests first")

            let onlyFailed = try await CLIProcess.run(["builds", "tests", String(first), "--failed"], environment: env)
            #expect(onlyFailed.stdout.contains("testSignIn()") && !onlyFailed.stdout.contains("testTotal()"))
            // Only the unit-test job reported tests: the other jobs are left out, not listed as empty.
            #expect(!onlyFailed.stdout.contains("no test results"), "\(onlyFailed.stdout)")
            #expect(tests.stdout.contains("no test results"), "without --failed every job is listed")
            let json = try await CLIProcess.run(["builds", "tests", String(first), "--json"], environment: env)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect((object["totals"] as? [String: Any])?["failed"] as? Int == 1)
            let show = try await CLIProcess.run(["builds", "show", String(first)], environment: env)
            #expect(show.stdout.contains("FAILED") && show.stdout.contains("LoginTests.swift:57"), "\(show.stdout)")
            #expect(show.stdout.contains("All tests: mobile-ops builds tests \(first)"))

            _ = try await Self.runBuild(server, env: env, agent: agentToken, report: Self.report(signInFails: false))
            let flaky = try await CLIProcess.run(["metrics", "flaky", "--window", "1d"], environment: env)
            #expect(flaky.status == 0, "\(flaky.stderr)")
            let row = try #require(flaky.stdout.split(separator: "\n").first { $0.contains("testSignIn()") }, "\(flaky.stdout)")
            #expect(row.contains("acme/ios-app") && row.contains("50.0%") && row.contains("build \(first)"))
            let slowest = try await CLIProcess.run(["metrics", "slowest-tests"], environment: env)
            #expect(slowest.stdout.split(separator: "\n").dropFirst().first?.contains("AppTests.CartTests.testTotal()") == true, "\(slowest.stdout)")
            let regressed = try await CLIProcess.run(["metrics", "regressed-tests", "--json"], environment: env)
            #expect((try JSONSerialization.jsonObject(with: Data(regressed.stdout.utf8)) as? [String: Any])?["minRuns"] as? Int == 3)

            let bad = try await CLIProcess.run(["metrics", "flaky", "--window", "forever"], environment: env)
            #expect(bad.status == 1 && bad.stderr.contains("window must be"))
            let unknown = try await CLIProcess.run(["builds", "tests", "99999"], environment: env)
            #expect(unknown.status == 1 && unknown.stderr.contains("no build with id 99999"))
        }
    }
}
