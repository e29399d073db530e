import Core
import DI
import DistributionFakes
import Foundation
import HTTPTypes
import HummingbirdTesting
import ReleaseDriver
import Testing
@testable import Server
import TestSupport

/// Real, non-empty answers of the release train and of the agent protocol checked against
/// their closed schemas: a release with approvals, events, its RC build, store identifiers and
/// both stores' status, through sign-off, rollout and a health breach; and a job whose spec
/// has every part (requirements, env, timeout, retry, artifacts, `ui_tests:`), with its
/// heartbeat, impact report, times and the registration tokens.
extension OpenAPIResponseTests {
    @Test("a release through sign-off, rollout and a breach: its actions, GET with events, the list and its train")
    func releaseWithHistory() async throws {
        let time = TrainClock(shift: 0)
        let clock = ManualClock(at: time.at(day: 22, 12))
        try await FakeReleaseWorld.run { world, fake in
            let credentials = try ReleaseCredentials(tokenURL: fake + "/token")
            let server = try await TestServer.releaseTrain(fake: fake, credentials: credentials, clock: clock)
            let service = try await server.server.container.resolve(ReleaseTrainService.self)
            try await server.test { client in
                let document = try await OpenAPITests.document(client)
                let action = "/api/v1/releases/{id}/{action}"
                let agent = try await AgentAPITests.registerAgent(client)
                let id = try await client.startReleaseWithPassedCandidate(service: service, clock: clock, time: time, agent: agent)
                let stored = try await OpenAPITests.conforming(
                    client, document, .post, "/api/v1/releases/\(id)/store", documentedAs: action, status: .ok,
                    json: #"{"androidPackage": "com.acme.mobile", "androidVersionCodes": ["4200"], "iosAppID": "1234567890"}"#)
                #expect(stored["store"]?["androidVersionCodes"] == .array([.string("4200")]))
                await service.check(on: clock, at: time.at(day: 23, 11))

                let approved = try await OpenAPITests.conforming(
                    client, document, .post, "/api/v1/releases/\(id)/approve", documentedAs: action, status: .ok, json: #"{"gate": "qa"}"#)
                #expect(approved["approvals"]?.elements?.count == 1 && approved["rcBuild"]?["commitSHA"] != nil)
                let shown = try await OpenAPITests.conforming(client, document, .get, "/api/v1/releases/\(id)", documentedAs: "/api/v1/releases/{id}", status: .ok)
                #expect(shown["events"]?.elements?.count ?? 0 >= 3 && shown["stores"]?["android"] != nil && shown["stores"]?["ios"] != nil)

                let healthy = #"{"metric": "crash_free_users", "value": 99.9, "sampleSize": 5000, "platform": "android"}"#
                let answer = try await OpenAPITests.conforming(client, document, .post, "/api/v1/releases/\(id)/health", documentedAs: action, status: .ok, json: healthy)
                #expect(answer["results"]?.elements?.first?["verdict"] == .string("healthy"))
                _ = try await OpenAPITests.fetch(client, .post, "/api/v1/releases/\(id)/approve", json: #"{"gate": "product"}"#)
                await service.check(on: clock, at: time.at(day: 23, 12))
                await world.approveReview()
                await service.check(on: clock, at: time.at(day: 24, 9))
                let rolling = try await OpenAPITests.conforming(client, document, .get, "/api/v1/releases/\(id)", documentedAs: "/api/v1/releases/{id}", status: .ok)
                #expect(rolling["state"] == .string("rolling_out") && rolling["stores"]?["ios"]?["storeState"] != nil && rolling["rolloutEnteredAt"] != nil)

                let breach = #"{"samples": [{"metric": "crash_free_users", "value": 97.5, "sampleSize": 5000, "platform": "android"}]}"#
                let halted = try await OpenAPITests.conforming(client, document, .post, "/api/v1/releases/\(id)/health", documentedAs: action, status: .ok, json: breach)
                #expect(halted["halted"] == .bool(true) && halted["release"]?["haltedFrom"] == .string("rolling_out"))
                let resumed = try await OpenAPITests.conforming(client, document, .post, "/api/v1/releases/\(id)/resume", documentedAs: action, status: .ok)
                #expect(resumed["state"] == .string("rolling_out"))
                let listed = try await OpenAPITests.conforming(client, document, .get, "/api/v1/releases", documentedAs: "/api/v1/releases", status: .ok)
                #expect(listed["releases"]?.elements?.isEmpty == false)
                let train = try await OpenAPITests.conforming(client, document, .get, "/api/v1/trains/mobile-app", documentedAs: "/api/v1/trains/{id}", status: .ok)
                #expect(train["definition"]?["health"]?.elements?.isEmpty == false && train["nextStart"] != nil)
            }
        }
    }

    @Test("a job with a full spec: assignment, heartbeat, impact report, build times; pipelines; registration tokens listed and revoked")
    func agentJobInFull() async throws {
        try await TestServer.make(configure: { configuration in
            try? Self.uiPipeline.write(toFile: configuration.pipelinesPath + "/ui-ci.yml", atomically: true, encoding: .utf8)
        }).test { client in
            let document = try await OpenAPITests.document(client)
            let pipelines = try await OpenAPITests.conforming(client, document, .get, "/api/v1/pipelines", documentedAs: "/api/v1/pipelines", status: .ok)
            #expect(pipelines["pipelines"]?.elements?.count == 2)
            let registration = try await OpenAPITests.fetch(client, .post, "/api/v1/agents/tokens", json: #"{"name": "fleet"}"#).body
            let tokenID = try #require(registration?["id"]?.string)
            let registered = try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/agents/register", documentedAs: "/api/v1/agents/register", status: .created,
                token: registration?["token"]?.string, json: #"{"name": "mac-ui", "tags": {"platform": "ios", "xcode": "16.2"}, "slots": 1, "hostname": "mac-ui.local", "version": "1.0"}"#)
            let agent = registered["token"]?.string
            _ = try await OpenAPITests.fetch(
                client, .post, "/api/v1/repositories", json: #"{"name": "acme/ios-app", "provider": "github", "cloneURL": "https://github.com/acme/ios-app.git"}"#)
            let build = try #require(try await OpenAPITests.fetch(
                client, .post, "/api/v1/builds", json: #"{"pipeline": "ui-ci", "repository": "acme/ios-app", "branch": "main", "commit": "abc123"}"#).body)
            let buildID = try Self.integer(build, "id")

            let job = try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/agent/jobs/next?wait=0", documentedAs: "/api/v1/agent/jobs/next", status: .ok, token: agent)
            #expect(job["buildID"] == .int(buildID) && job["spec"]?["uiTests"]?["runAll"] != nil && job["spec"]?["timeoutSeconds"] != nil)
            let jobURI = "/api/v1/agent/jobs/\(try Self.integer(job, "jobID"))"
            _ = try await OpenAPITests.fetch(client, .post, jobURI + "/start", token: agent)
            let beat = try await OpenAPITests.conforming(
                client, document, .post, jobURI + "/heartbeat", documentedAs: "/api/v1/agent/jobs/{id}/heartbeat", status: .ok, token: agent)
            #expect(beat["cancel"] == .bool(false))
            try await OpenAPITests.conforming(
                client, document, .post, jobURI + "/impact", documentedAs: "/api/v1/agent/jobs/{id}/impact", status: .created, token: agent, json: Self.uiReport)
            let impact = try await OpenAPITests.conforming(
                client, document, .get, "/api/v1/builds/\(buildID)/impact", documentedAs: "/api/v1/builds/{id}/impact", status: .ok)
            #expect(impact["jobs"]?.elements?.first?["report"]?["skipped"]?.elements?.isEmpty == false)
            _ = try await OpenAPITests.fetch(client, .post, jobURI + "/finish", token: agent, json: #"{"state": "passed", "exitStatus": 0, "commandDurations": [1.5]}"#)
            let times = try await OpenAPITests.conforming(client, document, .get, "/api/v1/builds/\(buildID)", documentedAs: "/api/v1/builds/{id}", status: .ok)
            #expect(times["times"]?["totalSeconds"] != nil && times["finishedAt"] != nil)

            let tokens = try await OpenAPITests.conforming(client, document, .get, "/api/v1/agents/tokens", documentedAs: "/api/v1/agents/tokens", status: .ok)
            #expect(tokens["tokens"]?.elements?.count == 1)
            let revoked = try await OpenAPITests.conforming(
                client, document, .delete, "/api/v1/agents/tokens/\(tokenID)", documentedAs: "/api/v1/agents/tokens/{id}", status: .ok)
            #expect(revoked["revokedAt"] != nil)
            let after = try await OpenAPITests.conforming(client, document, .get, "/api/v1/agents/tokens", documentedAs: "/api/v1/agents/tokens", status: .ok)
            #expect(after["tokens"]?.elements?.contains { $0["revokedAt"] != nil } == true)
        }
    }

    @Test("oneOf: the validator wants exactly one alternative to fit")
    func validatorOneOf() async throws {
        let validator = SchemaValidator(document: try await OpenAPITests.generatedDocument())
        let either = JSONValue.object(["oneOf": .array([.object(["type": .string("string")]), .object(["type": .string("integer")])])])
        #expect(validator.problems(.string("a"), either).isEmpty)
        #expect(validator.problems(.bool(true), either).first == "$: fits no oneOf alternative")
        let overlapping = JSONValue.object(["oneOf": .array([.object(["type": .string("integer")]), .object(["type": .string("number")])])])
        #expect(validator.problems(.int(1), overlapping) == ["$: fits 2 oneOf alternatives, not exactly one"])
    }

    /// A manual pipeline whose one step uses every part of a job spec.
    static let uiPipeline = """
        name: ui-ci
        triggers:
          manual: true
        env:
          LANG: en_US.UTF-8
        steps:
          - key: ui
            label: UI tests
            command: xcodebuild test-without-building
            agents:
              platform: ios
              xcode: ["16.2", "16.3"]
            timeout: 90
            retry:
              agent_lost: 3
              exit_codes: [65]
              limit: 1
            artifacts: ["build/*.xcresult"]
            ui_tests:
              project: ios
              graph: ci/graph.json
              run_all: [ci/**]
        """

    /// A `ui_tests:` job's report: one suite selected, one skipped.
    static let uiReport = #"""
        {"mode": "selected", "runAllReasons": [], "selected": [{"name": "CheckoutUITests", "module": "Checkout", "reason": "Checkout <- Money (core/Money.swift)"}],
         "skipped": [{"name": "ProfileUITests", "module": "Profile", "reason": "no changed file reaches Profile"}],
         "shardIndex": 0, "shardCount": 1, "shardSuites": ["CheckoutUITests"], "predictedSeconds": 60, "warnings": []}
        """#
}
