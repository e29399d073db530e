import ArgumentParser
import Core
import Foundation

/// `mobile-ops devices`: every agent's devices as its last poll reported them (read token).
struct DevicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List every agent's emulators, simulators and phones with their state.",
        discussion: """
            Agents look at their devices (adb, xcrun simctl, and --device on the agent) and \
            report them with every poll. READY says whether tests can run on a device now.

            Examples:
              mobile-ops devices
              mobile-ops devices --json
            """
    )
    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        try await reportingErrors { () async throws(CLIError) in
            let (list, body) = try await connection.client().get("/api/v1/devices", as: DeviceList.self)
            if connection.json { return Output.json(body) }
            guard !list.devices.isEmpty else {
                print("No devices: no agent has reported any (see docs/devices.md).")
                return
            }
            Output.table(["AGENT", "PLATFORM", "KIND", "IDENTIFIER", "MODEL", "OS", "STATE", "BATCH", "DETAIL"], list.devices.map { device in
                [
                    device.agentState == "offline" ? "\(device.agentName) (offline)" : device.agentName,
                    device.platform.rawValue, device.kind.rawValue, device.identifier, device.model ?? "-", device.osVersion ?? "-",
                    device.state.rawValue, device.batch.map(String.init) ?? "-", device.detail ?? "-",
                ]
            })
        }
    }

    struct DeviceList: Decodable { var devices: [Device] }
}
