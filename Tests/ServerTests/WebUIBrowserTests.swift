import Core
import DI
import DistributionFakes
import Foundation
import HTTPTypes
import HummingbirdTesting
import ReleaseDriver
import Store
import Testing
import TestSupport
@testable import Server

/// Every page of the web UI used the way its three users use it, in headless Chromium driven
/// by Selenium (`Tests/browser/web_ui_flow.py`), on a live server with a real agent's jobs and
/// the release train talking to the App Store Connect and Google Play fakes: every page opened
/// through the navigation with no console error and no serious or critical axe-core violation,
/// a read token offered no action, and every action taken through its button (retry and cancel
/// a build, retry a failed job, halt and resume a rollout, sign off both gates, retry a dead
/// notification).
///
/// `make test` installs chromium-driver, Selenium and axe-selenium-python (in
/// `.build/test-venv`); under `CI=true` a missing one is a failure.
@Suite("The web UI in a browser, driven by Selenium", .timeLimit(.minutes(15)))
struct WebUIBrowserTests {
    @Test("a release manager, a platform engineer and a developer use every page and every action",
          .enabled(if: DashboardBrowserTests.python != nil || DashboardBrowserTests.required, "run through `make test`, which sets up Selenium"))
    func everyPageAndAction() async throws {
        let python = try #require(DashboardBrowserTests.python, "MOBILE_OPS_TEST_PYTHON must name a Python with Selenium (make test sets it up)")
        let time = TrainClock(shift: 0)
        let clock = ManualClock(at: time.at(day: 22, 12))
        try await FakeReleaseWorld.run { world, fake in
            let credentials = try ReleaseCredentials(tokenURL: fake + "/token")
            // The test's own client sits idle while the browser works: past the default idle
            // timeout the server would close that connection under it.
            let server = try await TestServer.releaseTrain(fake: fake, credentials: credentials, clock: clock) { configuration in
                configuration.idleTimeoutSeconds = 600
                try? BuildRetryAPITests.pullRequestPipeline.write(toFile: configuration.pipelinesPath + "/pr-checks.yml", atomically: true, encoding: .utf8)
            }
            let service = try await server.server.container.resolve(ReleaseTrainService.self)
            let outbox = try await server.server.container.resolve((any OutboxStore).self)
            let directory = server.directory
            try await server.server.makeApplication().test(.live) { client in
                let port = try #require(client.port)
                let agent = try await AgentAPITests.registerAgent(client)
                let rolling = try await Self.releaseRollingOut(client, service: service, world: world, clock: clock, time: time, agent: agent)
                let awaiting = try await Self.releaseAwaitingSignoff(client, service: service, clock: clock, time: time, agent: agent)
                let builds = try await Self.builds(client, agent: agent)

                // A commit status delivery gave up (the notifier does not run on this clock).
                let claimed = try #require(try await outbox.claimDueMessages(kinds: ["commit_status"], now: clock.now, limit: 1, lease: .seconds(60)).first)
                try await outbox.markDead(id: claimed.id, error: "HTTP 401: Bad credentials")
                let reader = try await client.send(.post, "/api/v1/tokens", json: #"{"name": "dana (read)", "scopes": ["read"]}"#)
                let readToken = try #require(reader.body["token"] as? String)

                let scenario: [String: Any] = [
                    "url": "http://127.0.0.1:\(port)", "adminToken": TestServer.adminToken, "readToken": readToken,
                    "rollingRelease": rolling, "awaitingRelease": awaiting, "deadMessage": claimed.id,
                    "failedBuild": builds.failed, "runningBuild": builds.running, "runningJob": builds.runningJob,
                    "pullRequest": 7, "pullRequestBuild": builds.pullRequest,
                    "screenshots": ProcessInfo.processInfo.environment["MOBILE_OPS_SCREENSHOTS"] ?? "",
                ]
                let file = directory.appendingPathComponent("web-ui-scenario.json")
                try JSONSerialization.data(withJSONObject: scenario).write(to: file)
                let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .appendingPathComponent("browser/web_ui_flow.py").path
                let (status, output) = try await DashboardBrowserTests.run(python, [script, file.path])
                #expect(status == 0, "\(output)")

                // What the buttons did, as the API sees it.
                let release = try await client.send(.get, "/api/v1/releases/\(rolling)")
                let actions = ((release.body["events"] as? [[String: Any]]) ?? []).compactMap { $0["action"] as? String }
                #expect(release.body["state"] as? String == "rolling_out" && actions.suffix(2) == ["halt", "resume"], "\(actions)")
                let phased = await world.requests("/v1/appStoreVersionPhasedReleases", method: "PATCH").compactMap {
                    (($0.json?["data"] as? [String: Any])?["attributes"] as? [String: Any])?["phasedReleaseState"] as? String
                }
                #expect(phased.suffix(2) == ["PAUSED", "ACTIVE"], "App Store Connect's phased release paused, then active again: \(phased)")
                #expect(try await client.send(.get, "/api/v1/releases/\(awaiting)").body["missingGates"] as? [String] == [])
                #expect(try await outbox.deadMessages(limit: 10).isEmpty)
                let audit = try await client.send(.get, "/api/v1/audit?limit=200")
                let audited = ((audit.body["events"] as? [[String: Any]]) ?? []).compactMap { $0["action"] as? String }
                for action in ["build.retry", "build.cancel", "job.retry", "outbox.retry"] { #expect(audited.contains(action), "\(action) in \(audited)") }
            }
            try? FileManager.default.removeItem(at: directory)
        }
    }
}
