import Foundation
import HTTPClient
import Testing

/// `mobile-ops devices` against a live server an agent reported its devices to.
@Suite("mobile-ops devices")
struct DevicesCommandTests {
    @Test("lists every agent's devices as a table, and as the API's JSON with --json; says so when there are none")
    func lists() async throws {
        try await LiveServer.runAsAdmin { server, env in
            let none = try await CLIProcess.run(["devices"], environment: env)
            #expect(none.status == 0, "\(none.stderr)")
            #expect(none.stdout.contains("No devices"), "\(none.stdout)")

            let registration = try await BuildLogsCommandTests.call(server, .post, "/api/v1/agents/tokens", json: #"{"name": "fleet"}"#)
            let token = try #require(registration["token"] as? String)
            let agent = try await BuildLogsCommandTests.call(server, .post, "/api/v1/agents/register", token: token,
                                                            json: #"{"name": "linux-01", "tags": {"platform": "android"}, "slots": 1}"#)
            let agentToken = try #require(agent["token"] as? String)
            let devices = #"""
                {"devices": [
                  {"platform": "android", "kind": "emulator", "identifier": "emulator-5554", "model": "sdk_gphone64_x86_64", "osVersion": "34", "state": "ready"},
                  {"platform": "android", "kind": "physical", "identifier": "R58M123ABC", "state": "unauthorized"}
                ]}
                """#
            _ = try await BuildLogsCommandTests.call(server, .post, "/api/v1/agent/jobs/next?wait=0", token: agentToken, json: devices)

            let table = try await CLIProcess.run(["devices"], environment: env)
            #expect(table.status == 0, "\(table.stderr)")
            let lines = table.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
            #expect(lines.first == "AGENT PLATFORM KIND IDENTIFIER MODEL OS STATE BATCH QUARANTINE DETAIL", "\(table.stdout)")
            #expect(lines.contains("linux-01 android emulator emulator-5554 sdk_gphone64_x86_64 34 ready - - -"), "\(table.stdout)")
            #expect(lines.contains("linux-01 android physical R58M123ABC - - unauthorized - - -"), "\(table.stdout)")

            let json = try await CLIProcess.run(["devices", "--json"], environment: env)
            let object = (try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8))) as? [String: Any]
            #expect((object?["devices"] as? [[String: Any]])?.count == 2, "\(json.stdout)")

            // Re-admitting: a device the agent reported is re-admitted; one it did not is refused.
            let agentID = try #require(agent["agentID"] as? Int)
            let readmit = try await CLIProcess.run(["devices", "readmit", "\(agentID)", "emulator-5554"], environment: env)
            #expect(readmit.status == 0, "\(readmit.stderr)")
            #expect(readmit.stdout.contains("Re-admitted android device emulator-5554 of agent \(agentID)"), "\(readmit.stdout)")
            let unknown = try await CLIProcess.run(["devices", "readmit", "\(agentID)", "nope", "--platform", "ios"], environment: env)
            #expect(unknown.status != 0 && unknown.stderr.contains("no ios device nope"), "\(unknown.stderr)")
        }
    }
}
