import Core
import DI
import Foundation
import HTTPTypes
import HummingbirdTesting
import Store
import Testing
import TestSupport
@testable import Server

/// Each page of the web UI opened in headless Chromium on a database of 10,000 builds: its
/// first paint, the time until it was drawn with its data, and the JSON it read, printed
/// (`Tests/browser/web_ui_flow.py` in its timings mode). Measured, not asserted: a timing
/// bound in a test fails on a busy machine, not on slow code; the figures go to
/// docs/performance.md. Run in the unshifted pass only: the timings do not depend on the date.
@Suite("The web UI's speed on 10,000 builds", .timeLimit(.minutes(15)))
struct WebUISpeedTests {
    static let builds = 10_000

    @Test("every page's first paint, time to draw and JSON size on 10,000 builds, reported",
          .enabled(if: (DashboardBrowserTests.python != nil || DashboardBrowserTests.required) && DateShift.whole == 0, "run through `make test`, which sets up Selenium"))
    func tenThousandBuilds() async throws {
        let python = try #require(DashboardBrowserTests.python, "MOBILE_OPS_TEST_PYTHON must name a Python with Selenium (make test sets it up)")
        let start = DateShift.now.addingTimeInterval(-29 * 86_400)
        let clock = ManualClock(at: start)
        let server = try await TestServer.make(clock: clock, backgroundServices: false, configure: { $0.idleTimeoutSeconds = 600 })
        let store = try await server.server.container.resolve((any BuildStore).self)
        let directory = server.directory
        try await server.server.makeApplication().test(.live) { client in
            let port = try #require(client.port)
            try await WebhookAPITests.register(client)
            let repository = try #require((try await client.send(.get, "/api/v1/repositories").body["repositories"] as? [[String: Any]])?.first?["id"] as? Int)
            let agent = try await AgentAPITests.registerAgent(client)
            let seeded = ContinuousClock.now
            var failed = 0
            // One build every 4 minutes over 28 days: every tenth runs on the agent (passed, or
            // failed one time in five); each new build of a pipeline cancels its unfinished one
            // (`cancel_in_progress`), in the same transaction, so the newest of each still waits.
            for index in 0..<Self.builds {
                clock.set(start.addingTimeInterval(Double(index) * 240))
                _ = try await store.createBuild(Self.draft(repository: Int64(repository), index: index), audit: AuditEvent(occurredAt: clock.now, actor: "seed", action: "build.create", subject: "build"))
                if index % 10 == 0 {
                    let assignment = try #require(try await AgentAPITests.next(client, agent: agent))
                    let job = try #require(assignment["jobID"] as? Int)
                    _ = try await client.send(.post, "/api/v1/agent/jobs/\(job)/start", token: agent)
                    clock.set(clock.now.addingTimeInterval(Double(60 + index % 600)))
                    let state = index % 50 == 0 ? "failed" : "passed"
                    if state == "failed" { failed = assignment["buildID"] as? Int ?? failed }
                    _ = try await client.send(.post, "/api/v1/agent/jobs/\(job)/finish", token: agent, json: #"{"state": "\#(state)", "exitStatus": \#(state == "failed" ? 1 : 0), "commandDurations": [60]}"#)
                }
            }
            print("seeded \(Self.builds) builds in \(ContinuousClock.now - seeded)")
            let scenario: [String: Any] = [
                "url": "http://127.0.0.1:\(port)", "adminToken": TestServer.adminToken, "timingsOnly": true, "failedBuild": failed,
            ]
            let file = directory.appendingPathComponent("web-ui-speed.json")
            try JSONSerialization.data(withJSONObject: scenario).write(to: file)
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("browser/web_ui_flow.py").path
            let (status, output) = try await DashboardBrowserTests.run(python, [script, file.path])
            print(output)
            #expect(status == 0, "\(output)")
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Build `index`: one of three pipelines, branches and authors, every seventh a pull request;
    /// it cancels its pipeline's unfinished build.
    static func draft(repository: Int64, index: Int) -> BuildDraft {
        let pullRequest = index % 7 == 0 ? 100 + index / 70 : nil
        let pipeline = ["app-ci", "ui-tests", "nightly"][index % 3]
        return BuildDraft(
            repositoryID: repository, pipeline: pipeline, trigger: pullRequest == nil ? "push" : "pull_request",
            branch: pullRequest == nil ? "main" : "feature/\(index / 70)", commitSHA: String(format: "%040x", index), pullRequest: pullRequest,
            message: "Change \(index)", author: ["ana", "bo", "chen", "dev"][index % 4], concurrencyGroup: "seed/\(pipeline)", cancelInProgress: true,
            jobs: [JobDraft(stepKey: "build", label: "Build", spec: JobSpec(commands: ["make"], requirements: AgentRequirements(["platform": ["ios"]])))])
    }
}
