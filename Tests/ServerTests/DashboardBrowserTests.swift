import ChildProcesses
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
@testable import Server

/// The dashboard and a build page used the way a person uses them, in headless Chromium driven
/// by Selenium (`Tests/browser/dashboard_flow.py`): a bad token, logging in, a pending reason,
/// a failed test on the build page, and a running job's log that grows while it is watched.
///
/// `make test` installs chromium-driver and Selenium (in `.build/test-venv`) and points
/// `MOBILE_OPS_TEST_PYTHON` at that Python; under `CI=true` a missing one is a failure.
@Suite("The dashboard in a browser, driven by Selenium", .timeLimit(.minutes(10)))
struct DashboardBrowserTests {
    static let python = ProcessInfo.processInfo.environment["MOBILE_OPS_TEST_PYTHON"].flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }
    static let required = ProcessInfo.processInfo.environment["CI"] == "true"

    @Test("log in past a rejected token, see why a job waits, read a failed test on the build page, follow a running log, see a waiting job's log once it starts",
          .enabled(if: python != nil || required, "run through `make test`, which sets up Selenium"))
    func personFlow() async throws {
        let python = try #require(Self.python, "MOBILE_OPS_TEST_PYTHON must name a Python with Selenium (make test sets it up)")
        // The test's own client sits idle while the browser works, a minute or more on a busy
        // machine: past the default idle timeout the server closes that connection, and the
        // client's close at the end fails with "I/O on closed channel".
        let server = try await TestServer.make(configure: { $0.idleTimeoutSeconds = 600 })
        let directory = server.directory
        try await server.server.makeApplication().test(.live) { client in
            let port = try #require(client.port)
            let agent = try await AgentAPITests.registerAgent(client)

            // A build whose job fails with a failed test in its report.
            let failedBuild = try await AgentAPITests.trigger(client)
            let failing = try #require(try await AgentAPITests.next(client, agent: agent)?["jobID"] as? Int)
            _ = try await client.send(.post, "/api/v1/agent/jobs/\(failing)/start", token: agent)
            let report = #"""
                {"dimensions": {"repository": "acme/ios-app", "platform": "ios"}, "durationSeconds": 4.2, "outcome": "failure",
                 "tests": {"total": 4, "passed": 2, "failed": 1, "skipped": 1, "durationSeconds": 3.1,
                           "failures": [{"name": "testCheckoutTotal", "suite": "CheckoutTests", "message": "XCTAssertEqual failed: (\"12.99\") is not equal to (\"13.99\")"}]}}
                """#
            let stored = try await client.send(.post, "/api/v1/agent/jobs/\(failing)/metrics", token: agent, json: report)
            #expect(stored.status == .created, "\(stored.body)")
            let finished = try await client.send(.post, "/api/v1/agent/jobs/\(failing)/finish", token: agent, json: #"{"state": "failed", "exitStatus": 1, "commandDurations": [4.2]}"#)
            #expect(finished.status == .ok, "\(finished.body)")

            // A build whose job runs and logs; the agent's one slot is taken.
            let runningBuild = try await AgentAPITests.trigger(client)
            let runningAssignment = try #require(try await AgentAPITests.next(client, agent: agent))
            let running = try #require(runningAssignment["jobID"] as? Int)
            _ = try await client.send(.post, "/api/v1/agent/jobs/\(running)/start", token: agent)
            // The running job uses the build cache with its credential: a miss, an upload, a hit
            // (the build page's figures, and today's point of the served hit-rate chart).
            let cacheCredential = try #require((runningAssignment["cache"] as? [String: Any])?["credential"] as? String)
            let jobCache = CacheClient.basic(cacheCredential, user: "job-\(running)")
            #expect(try await CacheClient.send(client, .get, "/cache/gradle/acme.ios-app/feed", authorization: jobCache).status == .notFound)
            #expect(try await CacheClient.send(client, .put, "/cache/gradle/acme.ios-app/feed", authorization: jobCache, body: "outputs").status == .created)
            #expect(try await CacheClient.send(client, .get, "/cache/gradle/acme.ios-app/feed", authorization: jobCache).status == .ok)
            let chunk = try await client.execute(
                uri: "/api/v1/agent/jobs/\(running)/log", method: .post,
                headers: [.authorization: "Bearer \(agent)", HTTPField.Name("X-Log-Sequence")!: "0"], body: .init(string: "compiling Checkout\n"))
            #expect(chunk.status == .ok)

            // A build that waits: the only agent is busy.
            let waitingBuild = try await AgentAPITests.trigger(client)
            let waiting = try await client.send(.get, "/api/v1/builds/\(waitingBuild)")
            let pendingReason = try #require((waiting.body["jobs"] as? [[String: Any]])?.first?["pendingReason"] as? String)
            let waitingJob = try #require((waiting.body["jobs"] as? [[String: Any]])?.first?["id"] as? Int)

            let scenario: [String: Any] = [
                "url": "http://127.0.0.1:\(port)", "token": TestServer.adminToken, "pendingReason": pendingReason, "agentName": "mac-1",
                "failedBuild": failedBuild, "failedTest": "testCheckoutTotal", "failureMessage": "is not equal to",
                "runningBuild": runningBuild, "waitingBuild": waitingBuild,
                "runningJob": ["jobID": running, "agentToken": agent, "firstLine": "compiling Checkout", "nextLine": "linking Checkout"],
                "waitingJob": ["jobID": waitingJob, "line": "building after the wait"],
                "screenshots": ProcessInfo.processInfo.environment["MOBILE_OPS_SCREENSHOTS"] ?? "",
            ]
            let file = directory.appendingPathComponent("scenario.json")
            try JSONSerialization.data(withJSONObject: scenario).write(to: file)
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("browser/dashboard_flow.py").path
            let (status, output) = try await Self.run(python, [script, file.path])
            #expect(status == 0, "\(output)")
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs a process to its end without blocking a cooperative thread; answers its exit
    /// status and standard output (which goes to a file, so it can never fill a pipe).
    static func run(_ executable: String, _ arguments: [String]) async throws -> (Int32, String) {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("selenium-\(UUID().uuidString).out").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        // Waits for the leader only: a browser helper that outlives it cannot hold the test up.
        let process = try ProcessGroup.spawn(.command(executable, arguments), outputPath: outputPath, errorPath: outputPath)
        let status = await process.wait().code
        return (status, (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "")
    }
}
