import BuildMetrics
import Core
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// Builds run through the agent protocol with test reports, for the test-results suites.
enum TestRuns {
    static let sha = String(repeating: "c0ffee12", count: 5)

    /// Gradle's `TEST-*.xml` for `LoginTest`: `rejects` fails (or passes) with a stack trace,
    /// `logsIn` passes, `biometrics` is skipped, `retries` failed and passed on a retry.
    static func gradleXML(rejectsFails: Bool) -> String {
        let rejects = rejectsFails
            ? #"""
              <testcase name="rejects" classname="com.acme.LoginTest" time="0.5">
                <failure message="java.lang.AssertionError: expected:&lt;false&gt; but was:&lt;true&gt;" type="java.lang.AssertionError">java.lang.AssertionError: expected:&lt;false&gt; but was:&lt;true&gt;
              	at org.junit.Assert.fail(Assert.java:89)
              	at app//com.acme.LoginTest.rejects(LoginTest.kt:31)
              </failure>
              </testcase>
              """#
            : #"<testcase name="rejects" classname="com.acme.LoginTest" time="0.4"/>"#
        return #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuite name="com.acme.LoginTest" tests="5" skipped="1" failures="1" errors="0" timestamp="2026-03-10T09:00:00" hostname="ci-1" time="1.5">
              <properties/>
              <testcase name="logsIn" classname="com.acme.LoginTest" time="0.25"/>
              \#(rejects)
              <testcase name="biometrics" classname="com.acme.LoginTest" time="0.0"><skipped/></testcase>
              <testcase name="retries" classname="com.acme.LoginTest" time="0.2"><failure message="java.net.SocketTimeoutException">java.net.SocketTimeoutException</failure></testcase>
              <testcase name="retries" classname="com.acme.LoginTest" time="0.3"/>
              <system-out><![CDATA[login ok
            ]]></system-out>
              <system-err><![CDATA[]]></system-err>
            </testsuite>
            """#
    }

    /// A job report as the agent sends it, with the tests parsed from `xml` and its warnings.
    static func report(xml: String, file: String = "app/build/test-results/TEST-com.acme.LoginTest.xml", finishedAt: Date) throws -> String {
        let parsed = JUnitParser.parse(Data(xml.utf8))
        var tests = parsed.tests ?? TestSummary()
        tests.warnings = parsed.warnings.map { "\(file): \($0)" }
        let report = BuildReport(
            dimensions: BuildDimensions(repository: "from-agent"), startedAt: finishedAt.addingTimeInterval(-2), finishedAt: finishedAt,
            durationSeconds: 2, outcome: tests.failed > 0 ? .failure : .success, tests: tests)
        return String(decoding: try report.encoded(), as: UTF8.self)
    }

    /// Triggers `app-ci` at `commit` and runs every job; the n-th test job posts `testReports[n]`.
    /// Returns the build id.
    static func runBuild(_ client: some TestClientProtocol, agent: String, commit: String = sha, testReports: [String], now: Date) async throws -> Int {
        let repositories = try await client.send(.get, "/api/v1/repositories")
        if (repositories.body["repositories"] as? [[String: Any]])?.isEmpty != false {
            _ = try await client.send(.post, "/api/v1/repositories", json: #"{"name": "acme/ios-app", "provider": "github", "cloneURL": "https://github.com/acme/ios-app.git"}"#)
        }
        let created = try await client.send(.post, "/api/v1/builds", json: #"{"pipeline": "app-ci", "branch": "main", "commit": "\#(commit)"}"#)
        let buildID = try #require(created.body["id"] as? Int)
        var testJobs = 0
        while let job = try await AgentAPITests.next(client, agent: agent) {
            let id = try #require(job["jobID"] as? Int)
            _ = try await client.send(.post, "/api/v1/agent/jobs/\(id)/start", token: agent)
            var state = "passed"
            if job["stepKey"] as? String == "test", testJobs < testReports.count {
                let report = testReports[testJobs]
                testJobs += 1
                let posted = try await client.send(.post, "/api/v1/agent/jobs/\(id)/metrics", token: agent, json: report)
                #expect(posted.status == .created, "\(posted.body)")
                if report.contains(#""outcome":"failure""#) { state = "failed" }
            }
            _ = try await client.send(.post, "/api/v1/agent/jobs/\(id)/finish", token: agent, json: #"{"state": "\#(state)", "exitStatus": \#(state == "passed" ? 0 : 1), "commandDurations": [0.1]}"#)
        }
        return buildID
    }
}
