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

/// Train definitions sent as JSON and the bodies of the release actions against their request
/// schemas. One operation serves every action, so its schema is the union of the actions'
/// bodies; each body is also checked against its own action's schema.
extension OpenAPIRequestTests {
    /// Every way `json` breaks `#/components/schemas/<name>`.
    static func componentProblems(_ document: JSONValue, _ name: String, _ json: String) throws -> [String] {
        let schema = JSONValue.object(["$ref": .string("#/components/schemas/\(name)")])
        return SchemaValidator(document: document).problems(try JSONValue.parse(Data(json.utf8)), schema)
    }

    /// A train with every key the definition has, in the forms the parser also reads.
    static let fullTrain = #"""
        {"name": "full-train", "repository": "acme/full", "platforms": ["android", "ios"],
         "cadence": "every 2 weeks on tuesday at 10:00 Europe/Berlin", "version": {"scheme": "calver", "format": "YYYY.0W.N"},
         "release_branch": "release/{version}", "rc_pipeline": "release-candidate", "signoff": "qa",
         "rollout": {"android": {"track": "beta", "steps": [5, 25, 100], "soak": "1d12h"}, "ios": {"phased": false}},
         "health": {"halt": "breached_store", "rules": [{"metric": "crash_free_users", "comparator": "below", "threshold": 99.5, "min_sample": 500},
                                                       {"metric": "anr_rate", "comparator": ">", "threshold": 0.5}]},
         "health_halt": "all"}
        """#

    @Test("train definitions as JSON: the tests' manual train and one with every key; refusals both ways")
    func trainDefinitions() async throws {
        try await TestServer.make(configure: { ReleaseFiles.install(in: $0, train: nil) }).test { client in
            let document = try await OpenAPITests.document(client)
            let path = "/api/v1/trains"
            // A train names registered repositories.
            for name in ["acme/hand", "acme/full"] {
                _ = try await client.send(.post, "/api/v1/repositories", json: #"{"name": "\#(name)", "provider": "github", "cloneURL": "/nonexistent/\#(name).git"}"#)
            }
            for train in [ReleaseTrainAPITests.manualTrain, Self.fullTrain] {
                try await Self.accepted(client, document, .post, path, documentedAs: path, status: .created, json: train)
            }
            let base = #""repository": "acme/hand", "rc_pipeline": "release-candidate""#
            let refusals = [
                #"{"name": "hand", \#(base), "platforms": ["ios"], "colour": "red"}"#, #"{"name": "hand", \#(base), "platforms": []}"#,
                #"{"name": "hand", \#(base), "platforms": ["ios", "ios"]}"#, #"{"name": "Hand Train", \#(base), "platforms": "ios"}"#,
                #"{"name": "hand", \#(base), "platforms": "ios", "release_branch": "release/next"}"#,
                #"{"name": "hand", \#(base), "platforms": "ios", "version": {"scheme": "semver", "format": "YYYY.N"}}"#,
                #"{"name": "hand", \#(base), "platforms": "android", "rollout": {"android": {"soak": "1x"}}}"#,
                #"{"name": "hand", \#(base), "platforms": "ios", "health": [{"metric": "crash_free_users", "comparator": "<", "threshold": 120}]}"#,
                #"{"name": "hand", "repository": "acme/hand", "platforms": ["ios"]}"#,
            ]
            for body in refusals {
                try await Self.refused(client, document, .post, path, documentedAs: path, json: body)
            }
        }
    }

    @Test("release actions with the CLI's and the RC pipeline's bodies; refusals checked against each action's schema")
    func releaseActions() async throws {
        let time = TrainClock(shift: 0)
        let clock = ManualClock(at: time.at(day: 22, 12))
        try await FakeReleaseWorld.run { _, fake in
            let server = try await TestServer.releaseTrain(fake: fake, credentials: try ReleaseCredentials(tokenURL: fake + "/token"), clock: clock)
            let service = try await server.server.container.resolve(ReleaseTrainService.self)
            try await server.test { client in
                let document = try await OpenAPITests.document(client)
                let agent = try await AgentAPITests.registerAgent(client)
                let id = try await client.startReleaseWithPassedCandidate(service: service, clock: clock, time: time, agent: agent)
                await service.check(on: clock, at: time.at(day: 23, 11))

                let uri = "/api/v1/releases/\(id)/"
                let path = "/api/v1/releases/{id}/{action}"
                let sample = #"{"metric": "crash_free_users", "value": 99.5, "sampleSize": 5000, "platform": "android"}"#
                let actions: [(action: String, schema: String, body: String)] = [
                    ("store", "ReleaseStoreIDsBody", #"{"androidPackage": "com.acme.mobile", "androidVersionCodes": ["4200", "4201"], "iosAppID": "1234567890"}"#),
                    ("approve", "ReleaseApproveBody", #"{"gate":"qa"}"#),
                    ("health", "ReleaseHealthSample", sample), ("health", "ReleaseHealthSamples", #"{"samples": [\#(sample)]}"#),
                    ("halt", "ReleaseReasonBody", #"{"reason":"crash spike in 4.2"}"#), ("resume", "ReleaseReasonBody", "{}"), ("cancel", "ReleaseReasonBody", "{}"),
                ]
                for (action, schema, body) in actions {
                    let problems = try Self.componentProblems(document, schema, body)
                    #expect(problems.isEmpty, "\(action) as \(schema): \(problems)")
                    try await Self.accepted(client, document, .post, uri + action, documentedAs: path, status: .ok, json: body)
                }
                let refusals: [(action: String, schema: String, body: String)] = [
                    ("approve", "ReleaseApproveBody", "{}"), ("health", "ReleaseHealthSamples", #"{"samples": []}"#),
                    ("health", "ReleaseHealthSample", #"{"metric": "crash_free_users", "value": 99.5, "platform": "android"}"#),
                    ("health", "ReleaseHealthSample", #"{"metric": "crashes", "value": 1, "sampleSize": 10, "platform": "android"}"#),
                    ("halt", "ReleaseReasonBody", #"{"reason": 5}"#), ("store", "ReleaseStoreIDsBody", #"{"androidVersionCodes": [4200]}"#),
                ]
                for (action, schema, body) in refusals {
                    #expect(try !Self.componentProblems(document, schema, body).isEmpty, "\(action) as \(schema) allows \(body)")
                    try await OpenAPITests.conforming(client, document, .post, uri + action, documentedAs: path, status: .badRequest, json: body)
                }
            }
        }
    }
}
