import Agent
import BuildMetrics
import Core
import Foundation
import Testing
import TestSupport

/// The agent's build report: parsed from the streamed output, posted before `finish`.
@Suite(.timeLimit(.minutes(2)))
struct AgentMetricsTests {
    /// Gradle console output a command prints (the agent parses whatever streams by).
    static let gradleOutput = [
        "> Task :app:preBuild UP-TO-DATE", "> Task :app:compileDebugKotlin FROM-CACHE", "> Task :app:assembleDebug",
        "BUILD SUCCESSFUL in 3s", "3 actionable tasks: 1 executed, 1 from cache, 1 up-to-date",
    ]

    @Test func reportsStepsTasksAndTestsBeforeFinishing() async throws {
        let workdir = try TemporaryDirectory()
        let printGradle = "printf '" + Self.gradleOutput.joined(separator: "\\n") + "\\n'"
        let junit = #"<testsuite name="S" tests="2" failures="1"><testcase name="a" time="0.5"/><testcase name="b"><failure message="no"/></testcase></testsuite>"#
        let writeJUnit = "mkdir -p build && printf '%s' '\(junit)' > build/TEST-S.xml"
        try await FakeAgentServer.run { server in
            await server.state.enqueue(makeJob(5, commands: [printGradle, writeJUnit], artifacts: ["build/*.xml"]))
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                let outcome = try await waitForOutcome(server, 5)
                #expect(outcome.state == .passed)
            }
            let actions = await server.state.actions[5] ?? []
            let metricsIndex = try #require(actions.firstIndex(of: "metrics"))
            #expect(metricsIndex < (actions.firstIndex(of: "finish") ?? -1))
            let body = try #require(await server.state.metricsReports[5])
            let report = try BuildReport.decode(Data(body))
            #expect(report.outcome == .success)
            #expect(report.steps.map(\.name) == [String(printGradle.prefix(200)), String(writeJUnit.prefix(200))])
            #expect(report.dimensions.machine == "test-agent")
            #expect(report.dimensions.environment == .ci)
            #expect(report.tasks.map(\.outcome) == [.upToDate, .fromCache, .executed])
            #expect(report.tests?.total == 2 && report.tests?.failed == 1)
        }
    }

    @Test func reportsEveryTestCaseAndNamesFilesItCannotRead() async throws {
        let workdir = try TemporaryDirectory()
        let junit = #"<testsuite name="com.acme.LoginTest"><testcase classname="com.acme.LoginTest" name="logsIn" time="0.25"/>"#
            + #"<testcase classname="com.acme.LoginTest" name="rejects" time="0.5"><failure message="expected false">java.lang.AssertionError: expected false&#10;"#
            + #"&#9;at app//com.acme.LoginTest.rejects(LoginTest.kt:31)</failure></testcase><testcase classname="com.acme.LoginTest" name="later"><skipped/></testcase></testsuite>"#
        let write = "mkdir -p build && printf '%s' '\(junit)' > build/TEST-com.acme.LoginTest.xml && printf '<html>oops</html>' > build/TEST-broken.xml"
        try await FakeAgentServer.run { server in
            await server.state.enqueue(makeJob(7, commands: [write], artifacts: ["build/*.xml"]))
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                let outcome = try await waitForOutcome(server, 7)
                #expect(outcome.state == .passed)
            }
            let body = try #require(await server.state.metricsReports[7])
            let tests = try #require(try BuildReport.decode(Data(body)).tests)
            #expect(tests.total == 3 && tests.failed == 1 && tests.skipped == 1)
            #expect(tests.cases.map(\.name) == ["logsIn", "rejects", "later"])
            let failed = try #require(tests.cases.first { $0.outcome == .failed })
            #expect(failed.message == "expected false" && failed.file == "LoginTest.kt" && failed.line == 31 && failed.durationSeconds == 0.5)
            #expect(tests.warnings.contains { $0.hasPrefix("build/TEST-broken.xml: ") && $0.contains("no JUnit elements") }, "\(tests.warnings)")
        }
    }

    @Test func garbageOutputStillReportsAndNeverFailsTheJob() async throws {
        let workdir = try TemporaryDirectory()
        try await FakeAgentServer.run { server in
            await server.state.enqueue(makeJob(6, commands: ["head -c 20000 /dev/urandom", "exit 3"]))
            try await withAgent(server: server.url, workDirectory: workdir.path) {
                let outcome = try await waitForOutcome(server, 6)
                #expect(outcome.state == .failed && outcome.exitStatus == 3)
            }
            let body = try #require(await server.state.metricsReports[6])
            let report = try BuildReport.decode(Data(body))
            #expect(report.outcome == .failure)
            #expect(report.steps.last?.outcome == .failure)
        }
    }
}
