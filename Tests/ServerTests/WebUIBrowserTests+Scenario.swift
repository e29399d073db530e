import Core
import DistributionFakes
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import ReleaseDriver
import Testing
@testable import Server

/// What the browser finds when it opens the pages: two releases of the train and four builds.
extension WebUIBrowserTests {
    /// Release 1.0.0 through its RC build, sign-off, review and the first rollout step
    /// (the steps of `ReleaseTrainFlowTests`); answers its id.
    static func releaseRollingOut(
        _ client: some TestClientProtocol, service: ReleaseTrainService, world: FakeReleaseWorld, clock: ManualClock, time: TrainClock, agent: String
    ) async throws -> Int {
        let repository = try await client.send(.post, "/api/v1/repositories", json: #"{"name": "acme/mobile-app", "provider": "github", "cloneURL": "https://github.com/acme/mobile-app.git", "defaultBranch": "main"}"#)
        #expect(repository.status == .created)
        _ = await service.check(on: clock, at: time.at(day: 22, 12))
        let id = Int(try #require(await service.check(on: clock, at: time.at(day: 23, 10)).first))
        #expect(try await client.passAllJobs(agent: agent) == 1)
        _ = try await client.send(.post, "/api/v1/releases/\(id)/store", json: #"{"androidPackage": "com.acme.mobile", "androidVersionCodes": ["4200"], "iosAppID": "1234567890"}"#)
        await service.check(on: clock, at: time.at(day: 23, 11))
        for gate in ["qa", "product"] { _ = try await client.send(.post, "/api/v1/releases/\(id)/approve", json: #"{"gate": "\#(gate)"}"#) }
        await service.check(on: clock, at: time.at(day: 23, 12))
        await world.approveReview()
        await service.check(on: clock, at: time.at(day: 24, 9))
        let release = try await client.send(.get, "/api/v1/releases/\(id)")
        #expect(release.body["state"] as? String == "rolling_out", "\(release.body)")
        // A crash reporter's healthy figures: the page shows them as the latest values.
        let health = try await client.send(.post, "/api/v1/releases/\(id)/health", json: #"{"metric": "crash_free_users", "value": 99.6, "sampleSize": 5000, "platform": "android"}"#)
        #expect(health.status == .ok, "\(health.body)")
        return id
    }

    /// Release 1.1.0 up to its sign-off, within the first rollout step's soak so 1.0.0 does
    /// not move on; answers its id.
    static func releaseAwaitingSignoff(_ client: some TestClientProtocol, service: ReleaseTrainService, clock: ManualClock, time: TrainClock, agent: String) async throws -> Int {
        let created = try await client.send(.post, "/api/v1/releases", json: #"{"train": "mobile-app"}"#)
        #expect(created.status == .created, "\(created.body)")
        let id = try #require(created.body["id"] as? Int)
        await service.check(on: clock, at: time.at(day: 24, 9, 10))
        #expect(try await client.passAllJobs(agent: agent) == 1)
        _ = try await client.send(.post, "/api/v1/releases/\(id)/store", json: #"{"androidPackage": "com.acme.mobile", "androidVersionCodes": ["4300"], "iosAppID": "1234567890"}"#)
        await service.check(on: clock, at: time.at(day: 24, 9, 20))
        let release = try await client.send(.get, "/api/v1/releases/\(id)")
        #expect(release.body["state"] as? String == "awaiting_signoff", "\(release.body)")
        return id
    }

    /// Builds the pages show: one failed with a coloured, sectioned log; one running (the
    /// agent's one slot); a pull request's build waiting for an agent that does not exist.
    static func builds(_ client: some TestClientProtocol, agent: String) async throws -> (failed: Int, running: Int, runningJob: Int, pullRequest: Int) {
        try await WebhookAPITests.register(client)
        let failed = try await trigger(client)
        let failing = try #require(try await AgentAPITests.next(client, agent: agent)?["jobID"] as? Int)
        _ = try await client.send(.post, "/api/v1/agent/jobs/\(failing)/start", token: agent)
        let log = "$ ./gradlew assembleDebug\n> Task :app:compileDebugKotlin\nBUILD SUCCESSFUL in 41s\n"
            + "$ ./gradlew testDebugUnitTest\n> Task :app:testDebugUnitTest\n\u{1B}[31mCheckoutTest > totalIncludesTax FAILED\u{1B}[0m\n"
            + "    org.junit.ComparisonFailure at CheckoutTest.kt:42\n\u{1B}[1mBUILD FAILED\u{1B}[0m in 12s\n"
        try await appendLog(client, agent: agent, job: failing, sequence: 0, log)
        _ = try await client.send(.post, "/api/v1/agent/jobs/\(failing)/finish", token: agent, json: #"{"state": "failed", "exitStatus": 1, "commandDurations": [41, 12]}"#)

        let running = try await trigger(client)
        let runningJob = try #require(try await AgentAPITests.next(client, agent: agent)?["jobID"] as? Int)
        _ = try await client.send(.post, "/api/v1/agent/jobs/\(runningJob)/start", token: agent)
        try await appendLog(client, agent: agent, job: runningJob, sequence: 0, "$ make\ncompiling Checkout\n")

        let delivery = try await WebhookAPITests.deliver(client, FindingsReportFlowTests.pullRequest, event: "pull_request")
        #expect(delivery.status == .accepted)
        var pullRequest: Int?
        for id in delivery.body["builds"] as? [Int] ?? [] where try await client.send(.get, "/api/v1/builds/\(id)").body["pipeline"] as? String == "pr-checks" {
            pullRequest = id
        }
        let pullRequestBuild = try #require(pullRequest, "the pull request built pr-checks: \(delivery.body)")
        return (failed, running, runningJob, pullRequestBuild)
    }

    /// Starts `app-ci` by hand in acme/ios-app (the server has two repositories, so it is named).
    private static func trigger(_ client: some TestClientProtocol) async throws -> Int {
        let created = try await client.send(.post, "/api/v1/builds", json: #"{"pipeline": "app-ci", "repository": "acme/ios-app", "branch": "main", "commit": "abc123"}"#)
        #expect(created.status == .created, "\(created.body)")
        return try #require(created.body["id"] as? Int)
    }

    private static func appendLog(_ client: some TestClientProtocol, agent: String, job: Int, sequence: Int, _ text: String) async throws {
        let answer = try await client.execute(
            uri: "/api/v1/agent/jobs/\(job)/log", method: .post,
            headers: [.authorization: "Bearer \(agent)", HTTPField.Name("X-Log-Sequence")!: "\(sequence)"], body: .init(string: text))
        #expect(answer.status == .ok)
    }
}
