import Core
import Hummingbird
import Store

/// `GET /api/v1/devices` (read): every agent's devices as its last poll reported them.
struct DeviceController: APIController {
    let devices: any DeviceStore

    var routes: [Route] {
        [
            Route(.get, "/api/v1/devices", scope: .read, openAPI: OpenAPIOperation(
                "Devices of every agent: platform, model, OS, state", tag: "agents",
                description: [
                    "Each agent reports its Android devices (adb), simulators (simctl) and configured phones with every poll (docs/devices.md).",
                    "An offline agent's devices are listed as it last saw them, with `agentState` saying so.",
                ],
                answers: [.ok("DeviceList")],
                errors: [.databaseUnavailable]
            )) { _, _ in
                try await .json(DeviceList(devices: devices.devices()))
            },
        ]
    }

    /// The answer's shape.
    struct DeviceList: Encodable {
        var devices: [Device]
    }
}
