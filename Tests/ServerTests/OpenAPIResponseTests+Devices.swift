import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import Server

/// The `devices:` routes' real answers against their schemas: an agent queues a step's tests,
/// takes a batch for its emulator, reports the device's failure (quarantined after one) and
/// then nothing more comes; people read the build's run and the device list, and re-admit.
extension OpenAPIResponseTests {
    static let devicesPipeline = """
        name: ui-devices
        steps:
          - key: ui-tests
            devices:
              platform: android
              quarantine_after: 1
              tests: ./list-ui-tests.sh
              instrumentation: com.acme.test/androidx.test.runner.AndroidJUnitRunner
            runner: android-instrumentation
        """

    @Test("a devices: step: tests queued, a batch, a device failure and its quarantine, the build's run, the device list, re-admitting")
    func deviceRuns() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mobile-ops-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("pipelines"), withIntermediateDirectories: true)
        try Self.devicesPipeline.write(to: directory.appendingPathComponent("pipelines/ui-devices.yml"), atomically: true, encoding: .utf8)
        try await TestServer.make(in: directory).test { client in
            let document = try await OpenAPITests.document(client)
            _ = try await OpenAPITests.fetch(client, .post, "/api/v1/repositories", json: #"{"name": "acme/android-app", "provider": "github", "cloneURL": "https://github.com/acme/android-app.git"}"#)
            let build = try await OpenAPITests.fetch(client, .post, "/api/v1/builds", json: #"{"pipeline": "ui-devices", "repository": "acme/android-app", "branch": "main", "commit": "abc123"}"#)
            let buildID = try #require(build.body.map { try Self.integer($0, "id") })
            let registration = try #require(try await OpenAPITests.fetch(client, .post, "/api/v1/agents/tokens", json: #"{"name": "fleet"}"#).body?["token"]?.string)
            let registered = try await OpenAPITests.fetch(client, .post, "/api/v1/agents/register", token: registration, json: #"{"name": "linux-01", "tags": {}, "slots": 1}"#)
            let agent = try #require(registered.body?["token"]?.string)
            let agentID = try #require(registered.body.map { try Self.integer($0, "agentID") })
            let poll = #"{"devices": [{"platform": "android", "kind": "emulator", "identifier": "emulator-5554", "osVersion": "34", "state": "ready"}]}"#
            let job = try await OpenAPITests.conforming(client, document, .post, "/api/v1/agent/jobs/next?wait=0", documentedAs: "/api/v1/agent/jobs/next", status: .ok, token: agent, json: poll)
            let jobID = try Self.integer(job, "jobID")
            #expect(job["spec"]?["devices"]?["runner"]?.string == "android-instrumentation")
            _ = try await OpenAPITests.fetch(client, .post, "/api/v1/agent/jobs/\(jobID)/start", token: agent)

            let queued = try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/agent/jobs/\(jobID)/device-tests", documentedAs: "/api/v1/agent/jobs/{id}/device-tests", status: .ok,
                token: agent, json: #"{"tests": ["com.acme.LoginTest#signsIn", "com.acme.LoginTest#signsOut"]}"#)
            #expect(queued["tests"] == .int(2))
            try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/agent/jobs/\(jobID)/device-tests", documentedAs: "/api/v1/agent/jobs/{id}/device-tests", status: .badRequest,
                token: agent, json: #"{"tests": ["a,b"]}"#)
            let device = #"{"platform": "android", "identifier": "emulator-5554"}"#
            let next = try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/agent/jobs/\(jobID)/device-batches/next", documentedAs: "/api/v1/agent/jobs/{id}/device-batches/next",
                status: .ok, token: agent, json: device)
            let batch = try #require(next["batch"].map { try Self.integer($0, "id") })
            let after = try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/agent/jobs/\(jobID)/device-batches/\(batch)/result",
                documentedAs: "/api/v1/agent/jobs/{id}/device-batches/{batch}/result", status: .ok, token: agent,
                json: #"{"results": [{"name": "com.acme.LoginTest#signsIn", "outcome": "passed", "seconds": 3.5}], "deviceFailure": "adb lost the device: adb: device offline"}"#)
            #expect(after["stop"] == .bool(false))
            try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/agent/jobs/\(jobID)/device-batches/\(batch)/result",
                documentedAs: "/api/v1/agent/jobs/{id}/device-batches/{batch}/result", status: .conflict, token: agent, json: #"{"results": []}"#)
            let quarantined = try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/agent/jobs/\(jobID)/device-batches/next", documentedAs: "/api/v1/agent/jobs/{id}/device-batches/next",
                status: .ok, token: agent, json: device)
            // The step's only device is quarantined: the run ends, failed, saying why.
            #expect(quarantined["batch"] == nil && quarantined["stop"] == .bool(true) && quarantined["passed"] == .bool(false))
            #expect(quarantined["message"]?.string?.contains("every matching device is quarantined") == true, "\(quarantined)")

            let runs = try await OpenAPITests.conforming(client, document, .get, "/api/v1/builds/\(buildID)/device-runs", documentedAs: "/api/v1/builds/{id}/device-runs", status: .ok)
            #expect(runs["runs"]?.elements?.first?["run"]?["batches"]?.elements?.first?["outcome"]?.string == "device_failed")
            let devices = try await OpenAPITests.conforming(client, document, .get, "/api/v1/devices", documentedAs: "/api/v1/devices", status: .ok)
            #expect(devices["devices"]?.elements?.first?["quarantineReason"]?.string?.contains("device offline") == true)
            let readmitted = try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/devices/readmit", documentedAs: "/api/v1/devices/readmit", status: .ok,
                json: #"{"agentID": \#(agentID), "platform": "android", "identifier": "emulator-5554"}"#)
            #expect(readmitted["quarantineReason"] == nil)
            try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/devices/readmit", documentedAs: "/api/v1/devices/readmit", status: .notFound,
                json: #"{"agentID": \#(agentID), "platform": "ios", "identifier": "nope"}"#)

            try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/tests/mute", documentedAs: "/api/v1/tests/mute", status: .ok,
                json: #"{"name": "com.acme.LoginTest#signsOut", "reason": "flaky"}"#)
            try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/tests/mute", documentedAs: "/api/v1/tests/mute", status: .badRequest, json: #"{"name": ""}"#)
            try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/tests/mute", documentedAs: "/api/v1/tests/mute", status: .notFound,
                json: #"{"repository": "acme/nope", "name": "com.acme.LoginTest#signsOut"}"#)
            let muted = try await OpenAPITests.conforming(client, document, .get, "/api/v1/tests/muted", documentedAs: "/api/v1/tests/muted", status: .ok)
            #expect(muted["tests"]?.elements?.count == 1)
            try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/tests/unmute", documentedAs: "/api/v1/tests/unmute", status: .ok, json: #"{"name": "com.acme.LoginTest#signsOut"}"#)
            try await OpenAPITests.conforming(
                client, document, .post, "/api/v1/tests/unmute", documentedAs: "/api/v1/tests/unmute", status: .notFound, json: #"{"name": "com.acme.LoginTest#signsOut"}"#)
        }
    }
}
