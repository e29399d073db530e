import Foundation
import Testing

/// A real agent process with strict fakes of adb and simctl first on its PATH, against a real
/// server: the devices it sees are listed by `GET /api/v1/devices`, and kept current as they
/// go offline, finish booting, are unplugged, or their tool fails.
@Suite("End to end: an agent's devices", .serialized, .timeLimit(.minutes(3)))
struct DevicePoolEndToEndTests {
    /// simctl's JSON, in the shape of the captured Xcode 15 output (Tests/DevicesTests/Fixtures).
    static let simulators = #"""
        {
          "devices" : {
            "com.apple.CoreSimulator.SimRuntime.iOS-17-0" : [
              {
                "lastBootedAt" : "2024-01-26T14:46:09Z",
                "udid" : "15D3857C-12C8-4FB8-9CB5-7D79E4CC0748",
                "isAvailable" : true,
                "deviceTypeIdentifier" : "com.apple.CoreSimulator.SimDeviceType.iPhone-15",
                "state" : "Booted",
                "name" : "iPhone 15"
              },
              {
                "udid" : "6B1F2C3D-1111-4A2B-9C3D-5E6F7A8B9C0D",
                "isAvailable" : true,
                "deviceTypeIdentifier" : "com.apple.CoreSimulator.SimDeviceType.iPad-Air-5th-generation",
                "state" : "Shutdown",
                "name" : "iPad Air (5th generation)"
              }
            ],
            "com.apple.CoreSimulator.SimRuntime.iOS-16-4" : [
              {
                "availabilityError" : "runtime profile not found",
                "udid" : "064545FB-B27F-4D1C-9F9F-C05F31F30B42",
                "isAvailable" : false,
                "deviceTypeIdentifier" : "com.apple.CoreSimulator.SimDeviceType.iPhone-14",
                "state" : "Shutdown",
                "name" : "iPhone 14"
              }
            ],
            "com.apple.CoreSimulator.SimRuntime.iOS-17-2" : [

            ]
          }
        }
        """#

    /// The devices the server lists, by identifier.
    static func devices(_ fleet: Fleet) async throws -> [String: [String: Any]] {
        let listed = try await fleet.call("GET", "/api/v1/devices")["devices"] as? [[String: Any]] ?? []
        return Dictionary(listed.map { ($0["identifier"] as? String ?? "?", $0) }, uniquingKeysWith: { first, _ in first })
    }

    static func state(_ fleet: Fleet, _ identifier: String) async -> String? {
        (try? await devices(fleet))?[identifier]?["state"] as? String
    }

    @Test("discovered at start and kept current: offline, booted, unplugged, a failing simctl; the fakes refused no call",
          arguments: ServerBackend.available)
    func devicesStayCurrent(_ backend: ServerBackend) async throws {
        let fleet = try Fleet()
        defer { fleet.stop() }
        try await backend.prepare(fleet)
        try await fleet.startServer(pipeline: AgentStopTests.pipeline)
        let tools = try FakeDeviceTools(in: fleet.root)
        // A booted emulator (a newer image: ro.boot.qemu), one still booting, a phone that has
        // not accepted this machine's key.
        try tools.android("emulator-5554", "state", "device")
        try tools.android("emulator-5554", "product", "sdk_gphone64_x86_64")
        try tools.android("emulator-5554", "device", "emu64xa")
        try tools.android("emulator-5554", "transport_id", "3")
        try tools.android("emulator-5554", "props/sys.boot_completed", "1")
        try tools.android("emulator-5554", "props/ro.build.version.sdk", "34")
        try tools.android("emulator-5554", "props/ro.product.model", "sdk_gphone64_x86_64")
        try tools.android("emulator-5554", "props/ro.boot.qemu", "1")
        try tools.android("emulator-5556", "state", "device")
        try tools.android("emulator-5556", "transport_id", "4")
        try tools.android("emulator-5556", "props/ro.build.version.sdk", "30")
        try tools.android("emulator-5556", "props/ro.kernel.qemu", "1")
        try tools.android("R58M123ABC", "state", "unauthorized")
        try tools.android("R58M123ABC", "devpath", "usb:1-1")
        try tools.android("R58M123ABC", "transport_id", "2")
        try tools.simulatorsJSON(Self.simulators)

        try fleet.startAgent(
            "devices-a", tags: ["platform=android"], pollWait: 1,
            arguments: ["--device", "ios:00008110-000A1C2E3E80801E=iPhone 15 Pro"], environment: tools.environment)

        try await MultiReplicaTests.eventually("the agent reports its seven devices") { (try? await Self.devices(fleet))?.count == 7 }
        let found = try await Self.devices(fleet)
        let emulator = try #require(found["emulator-5554"])
        #expect(emulator["agentName"] as? String == "devices-a")
        #expect(emulator["platform"] as? String == "android")
        #expect(emulator["kind"] as? String == "emulator")
        #expect(emulator["model"] as? String == "sdk_gphone64_x86_64")
        #expect(emulator["osVersion"] as? String == "34")
        #expect(emulator["state"] as? String == "ready")
        #expect(emulator["batch"] is NSNull)
        #expect((emulator["infrastructureFailures"] as? [Any])?.isEmpty == true)
        #expect(found["emulator-5556"]?["state"] as? String == "booting", "sys.boot_completed is still empty")
        #expect(found["emulator-5556"]?["osVersion"] as? String == "30")
        #expect(found["R58M123ABC"]?["state"] as? String == "unauthorized")
        #expect(found["R58M123ABC"]?["kind"] as? String == "physical")
        #expect(found["15D3857C-12C8-4FB8-9CB5-7D79E4CC0748"]?["state"] as? String == "ready")
        #expect(found["15D3857C-12C8-4FB8-9CB5-7D79E4CC0748"]?["osVersion"] as? String == "17.0")
        #expect(found["6B1F2C3D-1111-4A2B-9C3D-5E6F7A8B9C0D"]?["state"] as? String == "shutdown")
        #expect(found["064545FB-B27F-4D1C-9F9F-C05F31F30B42"]?["state"] as? String == "unavailable")
        #expect(found["064545FB-B27F-4D1C-9F9F-C05F31F30B42"]?["detail"] as? String == "runtime profile not found")
        let phone = try #require(found["00008110-000A1C2E3E80801E"])
        #expect(phone["state"] as? String == "configured")
        #expect(phone["model"] as? String == "iPhone 15 Pro")

        // The emulator goes offline, the other finishes booting, the phone is unplugged.
        try tools.android("emulator-5554", "state", "offline")
        try tools.android("emulator-5556", "props/sys.boot_completed", "1")
        try tools.unplug("R58M123ABC")
        try await MultiReplicaTests.eventually("the server sees the changes") {
            guard let now = try? await Self.devices(fleet) else { return false }
            return now["emulator-5554"]?["state"] as? String == "offline" && now["emulator-5556"]?["state"] as? String == "ready"
                && now["R58M123ABC"] == nil
        }
        #expect(try await Self.devices(fleet)["emulator-5554"]?["kind"] as? String == "emulator", "what was read of it is kept while it is offline")

        // simctl fails: its simulators are not known to be gone, nor fine.
        try tools.simctlFails(true)
        try await MultiReplicaTests.eventually("the simulators' state is unknown") {
            await Self.state(fleet, "15D3857C-12C8-4FB8-9CB5-7D79E4CC0748") == "unknown"
        }
        let detail = try await Self.devices(fleet)["15D3857C-12C8-4FB8-9CB5-7D79E4CC0748"]?["detail"] as? String
        #expect(detail?.contains("Unable to lookup in current state") == true, "\(detail ?? "none")")
        try tools.simctlFails(false)
        try await MultiReplicaTests.eventually("the simulators are back") {
            await Self.state(fleet, "15D3857C-12C8-4FB8-9CB5-7D79E4CC0748") == "ready"
        }

        let calls = tools.calls()
        #expect(calls.contains("adb devices -l"), "\(calls)")
        #expect(calls.contains("adb -s emulator-5554 shell getprop sys.boot_completed"), "\(calls)")
        #expect(calls.contains("xcrun simctl list devices --json"), "\(calls)")
        #expect(!calls.contains("REFUSED"), "every call was one the tools' documentation allows:\n\(calls)")
        #expect(!calls.contains("adb -s R58M123ABC"), "no command is sent to an unauthorized device")
        let log = (try? String(contentsOf: fleet.root.appendingPathComponent("agent-devices-a.log"), encoding: .utf8)) ?? ""
        #expect(log.contains("device emulator-5554: offline"), "the agent logs the change:\n\(log)")
    }
}
