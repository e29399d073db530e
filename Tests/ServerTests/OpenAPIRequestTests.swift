import BuildMetrics
import Core
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import Server

/// Real request bodies (what the agent, the CLI and other CIs send) checked against the request
/// schemas of the OpenAPI document, then sent: the server accepts what the schema allows. And
/// bodies the server refuses are refused by the schema too, so the document is not looser than
/// the decoders where it can say so.
@Suite("OpenAPI: real request bodies match the documented request schemas")
struct OpenAPIRequestTests {
    /// The schema `METHOD path` documents for its request body under `mediaType`.
    static func requestSchema(_ document: JSONValue, _ method: String, _ path: String, mediaType: String = "application/json") -> JSONValue? {
        document["paths"]?[path]?[method.lowercased()]?["requestBody"]?["content"]?[mediaType]?["schema"]
    }

    /// Every way `json` breaks the request schema of `METHOD path`.
    static func requestProblems(_ document: JSONValue, _ method: HTTPRequest.Method, _ path: String, _ json: String) throws -> [String] {
        guard let schema = requestSchema(document, method.rawValue, path) else { return ["\(method) \(path) documents no JSON request body"] }
        return SchemaValidator(document: document).problems(try JSONValue.parse(Data(json.utf8)), schema)
    }

    /// Checks `json` against the request schema, sends it and checks the answer is `status`
    /// with the documented body; answers the body.
    @discardableResult
    static func accepted(
        _ client: some TestClientProtocol, _ document: JSONValue, _ method: HTTPRequest.Method, _ uri: String, documentedAs path: String,
        status: HTTPResponse.Status, token: String? = TestServer.adminToken, json: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> JSONValue {
        let problems = try requestProblems(document, method, path, json)
        #expect(problems.isEmpty, "\(method) \(uri) request: \(problems)", sourceLocation: sourceLocation)
        return try await OpenAPITests.conforming(
            client, document, method, uri, documentedAs: path, status: status, token: token, json: json, sourceLocation: sourceLocation)
    }

    /// Checks the schema refuses `json` and the server answers it 400 with the documented error.
    static func refused(
        _ client: some TestClientProtocol, _ document: JSONValue, _ method: HTTPRequest.Method, _ uri: String, documentedAs path: String,
        token: String? = TestServer.adminToken, json: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let problems = try requestProblems(document, method, path, json)
        #expect(!problems.isEmpty, "\(method) \(uri): the schema allows \(json)", sourceLocation: sourceLocation)
        try await OpenAPITests.conforming(
            client, document, method, uri, documentedAs: path, status: .badRequest, token: token, json: json, sourceLocation: sourceLocation)
    }

    /// Registers `acme/ios-app` and starts a build of `app-ci` on it, whose first job waits for an iOS agent.
    static func startBuild(_ client: some TestClientProtocol) async throws {
        _ = try await OpenAPITests.fetch(
            client, .post, "/api/v1/repositories", json: #"{"name": "acme/ios-app", "provider": "github", "cloneURL": "https://github.com/acme/ios-app.git"}"#)
        let build = try await OpenAPITests.fetch(client, .post, "/api/v1/builds", json: #"{"pipeline": "app-ci", "branch": "main", "commit": "abc123"}"#)
        #expect(build.status == .created)
    }

    /// `value` encoded as the agent encodes request bodies (default keys).
    static func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }

    @Test("the agent's build report, ui_tests report and job outcome")
    func agentBodies() async throws {
        try await TestServer.make().test { client in
            let document = try await OpenAPITests.document(client)
            let agent = try await AgentAPITests.registerAgent(client, tags: ["platform": "ios", "gradle": "8.10.2"])
            try await Self.startBuild(client)
            let job = try #require(try await OpenAPITests.fetch(client, .post, "/api/v1/agent/jobs/next?wait=0", token: agent).body)
            let jobID = try OpenAPIResponseTests.integer(job, "jobID")
            _ = try await OpenAPITests.fetch(client, .post, "/api/v1/agent/jobs/\(jobID)/start", token: agent)

            let report = String(decoding: try Self.agentReport(pipeline: job["pipeline"]?.string ?? "app-ci").encoded(), as: UTF8.self)
            let stored = try await Self.accepted(
                client, document, .post, "/api/v1/agent/jobs/\(jobID)/metrics", documentedAs: "/api/v1/agent/jobs/{id}/metrics", status: .created,
                token: agent, json: report)
            #expect(stored["created"] == .bool(true))
            let selection = UITestReport(
                mode: "selected", runAllReasons: [], selected: [.init(name: "CheckoutUITests", module: "Checkout", reason: "Checkout <- Core (core/Money.swift)")],
                skipped: [.init(name: "SearchUITests", module: "Search", reason: "no changed file reaches Search")],
                shardIndex: 0, shardCount: 1, shardSuites: ["CheckoutUITests"], predictedSeconds: 60, warnings: [])
            try await Self.accepted(
                client, document, .post, "/api/v1/agent/jobs/\(jobID)/impact", documentedAs: "/api/v1/agent/jobs/{id}/impact", status: .created,
                token: agent, json: try Self.json(selection))
            let outcome = try Self.json(JobOutcome(state: .failed, exitStatus: 1, commandDurations: [12.5, 3]))
            try await Self.accepted(
                client, document, .post, "/api/v1/agent/jobs/\(jobID)/finish", documentedAs: "/api/v1/agent/jobs/{id}/finish", status: .ok,
                token: agent, json: outcome)
        }
    }

    @Test("the agent's bodies the server refuses, the schemas refuse too")
    func agentRefusals() async throws {
        try await TestServer.make().test { client in
            let document = try await OpenAPITests.document(client)
            let agent = try await AgentAPITests.registerAgent(client)
            try await Self.startBuild(client)
            let job = try #require(try await OpenAPITests.fetch(client, .post, "/api/v1/agent/jobs/next?wait=0", token: agent).body)
            let uri = "/api/v1/agent/jobs/\(try OpenAPIResponseTests.integer(job, "jobID"))"
            _ = try await OpenAPITests.fetch(client, .post, uri + "/start", token: agent)
            for outcome in [#"{"state": "done", "commandDurations": []}"#, #"{"state": "passed"}"#, #"{"state": "passed", "exitStatus": 4294967296, "commandDurations": []}"#] {
                try await Self.refused(client, document, .post, uri + "/finish", documentedAs: "/api/v1/agent/jobs/{id}/finish", token: agent, json: outcome)
            }
            let selection = #"{"mode": "all", "runAllReasons": [], "selected": [], "skipped": [], "shardIndex": 0, "shardCount": 1, "shardSuites": []}"#
            try await Self.refused(client, document, .post, uri + "/impact", documentedAs: "/api/v1/agent/jobs/{id}/impact", token: agent, json: selection)
            let report = #"{"dimensions": {"repository": "acme/ios-app"}, "outcome": "success", "durationSeconds": 10, "tasks": [{"name": ":app:lint", "outcome": "ok"}]}"#
            try await Self.refused(client, document, .post, uri + "/metrics", documentedAs: "/api/v1/agent/jobs/{id}/metrics", token: agent, json: report)
        }
    }

    /// A report as `JobExecutor.metricsReport` builds one for an agent tagged `platform=ios`,
    /// `gradle=8.10.2` (a Kotlin Multiplatform build): commands as steps, the tasks the Gradle
    /// parser read from the output, the tests of a JUnit file among the artifacts.
    static func agentReport(pipeline: String) -> BuildReport {
        let log = """
            > Task :core:compileKotlin UP-TO-DATE
            > Task :app:compileDebugKotlin FROM-CACHE
            > Task :app:testDebugUnitTest
            > Task :app:lint FAILED
            BUILD FAILED in 42s
            4 actionable tasks: 2 executed, 1 from cache, 1 up-to-date
            """
        let junit = """
            <testsuite name="com.acme.LoginTest" tests="2" failures="1" skipped="0" time="1.5">
              <testcase classname="com.acme.LoginTest" name="logsIn" time="0.5"/>
              <testcase classname="com.acme.LoginTest" name="rejectsBadPassword" time="1.0"><failure message="expected 401">LoginTest.kt:40</failure></testcase>
            </testsuite>
            """
        let parsed = BuildOutputParser.parse(Data(log.utf8), format: .gradle)
        let tests = BuildOutputParser.parse(Data(junit.utf8), fileName: "build/test-results/TEST-LoginTest.xml").tests
        let finished = Date()
        let started = finished.addingTimeInterval(-15.5)
        return BuildReport(
            dimensions: BuildDimensions(
                repository: "unknown", branch: "main", pipeline: pipeline, platform: .ios, machine: "mac-1", gradleVersion: "8.10.2", environment: .ci),
            startedAt: started, finishedAt: finished, durationSeconds: 15.5, outcome: .failure,
            steps: [StepRecord(name: "./gradlew assembleDebug", durationSeconds: 12.5, outcome: .success), StepRecord(name: "./gradlew lint", durationSeconds: 3, outcome: .failure)],
            tasks: parsed.tasks, tests: tests)
    }
}
