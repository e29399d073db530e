import Core
import Hummingbird
import Store

/// `GET /api/v1/devices` (read): every agent's devices as its last poll reported them, with
/// their health (quarantine, recent infrastructure failures) and running batch.
struct DeviceController: APIController {
    let devices: any DeviceStore
    /// Their health (quarantine, recent failures) and running batches.
    let runs: any DeviceRunStore

    var routes: [Route] {
        [
            Route(.get, "/api/v1/devices", scope: .read, openAPI: OpenAPIOperation(
                "Devices of every agent: platform, model, OS, state", tag: "agents",
                description: [
                    "Each agent reports its Android devices (adb), simulators (simctl) and configured phones with every poll (docs/devices.md).",
                    "An offline agent's devices are listed as it last saw them, with `agentState` saying so.",
                    "Each device also shows the batch it runs, its recent failures that were the device's fault, and its quarantine.",
                ],
                answers: [.ok("DeviceList")],
                errors: [.databaseUnavailable]
            )) { _, _ in
                try await .json(DeviceList(devices: runs.deviceHealth().annotate(devices.devices())))
            },
        ]
    }

    /// The answer's shape.
    struct DeviceList: Encodable {
        var devices: [Device]
    }
}
