import Core
import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import Server
import Testing

/// Devices reported with agents' polls and listed by `GET /api/v1/devices`.
@Suite("Devices over HTTP")
struct DeviceAPITests {
    static let emulator = #"{"platform": "android", "kind": "emulator", "identifier": "emulator-5554", "model": "sdk_gphone64_x86_64", "osVersion": "34", "state": "ready"}"#
    static let phone = #"{"platform": "android", "kind": "physical", "identifier": "R58M123ABC", "state": "unauthorized"}"#

    /// The listed devices, by identifier.
    static func devices(_ client: some TestClientProtocol) async throws -> [String: [String: Any]] {
        let listed = try await client.send(.get, "/api/v1/devices")
        #expect(listed.status == .ok)
        let devices = listed.body["devices"] as? [[String: Any]] ?? []
        return Dictionary(devices.map { ($0["identifier"] as? String ?? "?", $0) }, uniquingKeysWith: { first, _ in first })
    }

    @Test("a poll's devices replace the agent's; a poll without a body (an older agent) leaves them; an empty list clears them")
    func pollsReportDevices() async throws {
        try await TestServer.make().test { client in
            let agent = try await AgentAPITests.registerAgent(client, tags: ["platform": "android"])
            #expect(try await Self.devices(client).isEmpty)

            let poll = try await client.send(.post, "/api/v1/agent/jobs/next?wait=0", token: agent, json: #"{"devices": [\#(Self.emulator), \#(Self.phone)]}"#)
            #expect(poll.status == .noContent)
            let listed = try await Self.devices(client)
            #expect(Set(listed.keys) == ["emulator-5554", "R58M123ABC"])
            let emulator = try #require(listed["emulator-5554"])
            #expect(emulator["agentName"] as? String == "mac-1")
            #expect(emulator["agentState"] as? String == "idle")
            #expect(emulator["state"] as? String == "ready")
            #expect(emulator["osVersion"] as? String == "34")
            #expect(emulator["batch"] is NSNull, "the batch field is there, null until batches run on devices")
            #expect((emulator["infrastructureFailures"] as? [Any])?.isEmpty == true)
            #expect(listed["R58M123ABC"]?["model"] == nil)
            let firstSeen = emulator["updatedAt"] as? String

            // No body: an agent older than device reports. Nothing changes.
            #expect(try await client.send(.post, "/api/v1/agent/jobs/next?wait=0", token: agent).status == .noContent)
            #expect(Set(try await Self.devices(client).keys) == ["emulator-5554", "R58M123ABC"])

            // The phone goes; the emulator reported the same keeps its time.
            _ = try await client.send(.post, "/api/v1/agent/jobs/next?wait=0", token: agent, json: #"{"devices": [\#(Self.emulator)]}"#)
            let after = try await Self.devices(client)
            #expect(Set(after.keys) == ["emulator-5554"])
            #expect(after["emulator-5554"]?["updatedAt"] as? String == firstSeen)

            _ = try await client.send(.post, "/api/v1/agent/jobs/next?wait=0", token: agent, json: #"{"devices": []}"#)
            #expect(try await Self.devices(client).isEmpty)
        }
    }

    @Test("a bad report is refused with a clear error and changes nothing; a state a newer agent knows is stored as unknown")
    func badReports() async throws {
        try await TestServer.make().test { client in
            let agent = try await AgentAPITests.registerAgent(client, tags: ["platform": "android"])
            _ = try await client.send(.post, "/api/v1/agent/jobs/next?wait=0", token: agent, json: #"{"devices": [\#(Self.emulator)]}"#)

            let twice = try await client.send(.post, "/api/v1/agent/jobs/next?wait=0", token: agent, json: #"{"devices": [\#(Self.phone), \#(Self.phone)]}"#)
            #expect(twice.status == .badRequest)
            #expect(twice.body.errorCode == "invalid_devices")
            #expect(twice.body.errorMessage?.contains("reported twice") == true, "\(twice.body)")
            let empty = #"{"devices": [{"platform": "ios", "kind": "simulator", "identifier": "", "state": "ready"}]}"#
            #expect(try await client.send(.post, "/api/v1/agent/jobs/next?wait=0", token: agent, json: empty).body.errorCode == "invalid_devices")
            let platform = #"{"devices": [{"platform": "symbian", "kind": "physical", "identifier": "x", "state": "ready"}]}"#
            #expect(try await client.send(.post, "/api/v1/agent/jobs/next?wait=0", token: agent, json: platform).body.errorCode == "invalid_json")
            #expect(try await client.send(.post, "/api/v1/agent/jobs/next?wait=0", token: agent, json: "[1]").body.errorCode == "invalid_json")
            #expect(Set(try await Self.devices(client).keys) == ["emulator-5554"], "nothing of a refused report is stored")

            let newer = #"{"devices": [{"platform": "ios", "kind": "simulator", "identifier": "U-1", "state": "teleporting"}]}"#
            #expect(try await client.send(.post, "/api/v1/agent/jobs/next?wait=0", token: agent, json: newer).status == .noContent)
            #expect(try await Self.devices(client)["U-1"]?["state"] as? String == "unknown")
        }
    }

    @Test("the poll's body and the device list match their documented schemas")
    func documented() async throws {
        try await TestServer.make().test { client in
            let document = try await OpenAPITests.document(client)
            let agent = try await AgentAPITests.registerAgent(client, tags: ["platform": "android"])
            let poll = AgentPoll(devices: [
                DeviceReport(platform: .android, kind: .emulator, identifier: "emulator-5554", model: "Pixel 7", osVersion: "34", state: .ready),
                DeviceReport(platform: .ios, kind: .simulator, identifier: "U-1", model: "iPhone 15", osVersion: "17.0", state: .unavailable,
                             detail: "runtime profile not found"),
            ])
            // The answer is 204 without a body: the request alone is checked against its schema.
            let json = try OpenAPIRequestTests.json(poll)
            #expect(try OpenAPIRequestTests.requestProblems(document, .post, "/api/v1/agent/jobs/next", json) == [])
            #expect(try await client.send(.post, "/api/v1/agent/jobs/next?wait=0", token: agent, json: json).status == .noContent)
            try await OpenAPIRequestTests.refused(
                client, document, .post, "/api/v1/agent/jobs/next?wait=0", documentedAs: "/api/v1/agent/jobs/next", token: agent,
                json: #"{"devices": [{"platform": "android", "kind": "emulator", "identifier": "", "state": "ready"}]}"#)
            try await OpenAPITests.conforming(client, document, .get, "/api/v1/devices", documentedAs: "/api/v1/devices", status: .ok)
        }
    }
}
