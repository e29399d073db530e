import ArgumentParser
import Core
import Foundation

/// `mobile-ops devices [list]` (read token) and `mobile-ops devices readmit` (write token).
struct DevicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List every agent's emulators, simulators and phones; re-admit a quarantined one.",
        discussion: """
            Agents look at their devices (adb, xcrun simctl, and --device on the agent) and \
            report them with every poll. STATE says whether tests can run on a device now; \
            QUARANTINE why a device that kept failing batches gets none (docs/devices.md).

            Examples:
              mobile-ops devices
              mobile-ops devices --json
              mobile-ops devices readmit 3 emulator-5554
            """,
        subcommands: [List.self, Readmit.self],
        defaultSubcommand: List.self
    )

    /// `mobile-ops devices list`
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List every agent's devices with their state, batch and quarantine (read token).",
            discussion: "Examples:\n  mobile-ops devices\n  mobile-ops devices list --json")
        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            try await connection.get("/api/v1/devices", as: DeviceList.self) { list in
                let rows = list.devices.map { device in
                    [
                        device.agentState == "offline" ? "\(device.agentName) (offline)" : device.agentName,
                        device.platform.rawValue, device.kind.rawValue, device.identifier, device.model ?? "-", device.osVersion ?? "-",
                        device.state.rawValue, device.batch.map { batch in device.batchBuildID.map { "\($0)/\(batch)" } ?? "\(batch)" } ?? "-",
                        device.quarantineReason ?? "-", device.detail ?? "-",
                    ]
                }
                Output.table(
                    ["AGENT", "PLATFORM", "KIND", "IDENTIFIER", "MODEL", "OS", "STATE", "BATCH", "QUARANTINE", "DETAIL"], rows,
                    ifEmpty: "No devices: no agent has reported any (see docs/devices.md).")
            }
        }

        struct DeviceList: Decodable { var devices: [Device] }
    }

    /// `mobile-ops devices readmit AGENT IDENTIFIER`: a quarantined device takes batches again.
    struct Readmit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Let a quarantined device take batches again, once it is reset (write token).",
            discussion: """
                Reset the device first (adb -s SERIAL reboot; xcrun simctl shutdown UDID && xcrun simctl erase UDID).

                Example:
                  mobile-ops devices readmit 3 emulator-5554
                """)
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The agent's id (see 'devices --json' or 'agents list').") var agent: Int64
        @Argument(help: "adb's serial or the UDID.") var identifier: String
        @Option(help: "The device's platform: android, ios, tvos, watchos or visionos.") var platform: String = "android"

        func run() async throws {
            try await reportingErrors { () async throws(CLIError) in
                guard let platform = DevicePlatform(rawValue: platform) else {
                    throw CLIError.usage("--platform must be one of \(DevicePlatform.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                let key = Key(agentID: agent, platform: platform, identifier: identifier)
                let (_, body) = try await connection.client().post("/api/v1/devices/readmit", key, as: Readmitted.self)
                if connection.json { return Output.json(body) }
                print("Re-admitted \(platform.rawValue) device \(identifier) of agent \(agent): it takes batches again.")
            }
        }

        struct Key: Encodable {
            var agentID: Int64
            var platform: DevicePlatform
            var identifier: String
        }

        struct Readmitted: Decodable { var failuresInARow: Int }
    }
}
