import MemberwiseInit

/// `POST /api/v1/agent/jobs/next` body, optional: what the agent reports with each poll.
///
/// An agent that sends no body (one older than device reports) leaves what the server knows of
/// its devices as it was; `devices: []` says it has none now.
@MemberwiseInit(.public)
public struct AgentPoll: Codable, Sendable, Equatable {
    /// Every device the agent sees, at its last look; nil when it did not look.
    public var devices: [DeviceReport]?

    /// The most devices one agent may report.
    public static let maximumDevices = 512
    /// The longest identifier, model, OS version or detail text kept, in Unicode scalars (as
    /// JSON Schema's `maxLength` counts).
    public static let maximumTextLength = 500

    /// What is wrong with the reported devices, for a 400; nil when they can be stored.
    /// One device per platform and identifier: the same serial twice is a confused agent.
    public func problem() -> String? {
        guard let devices else { return nil }
        guard devices.count <= Self.maximumDevices else {
            return "an agent may report at most \(Self.maximumDevices) devices, got \(devices.count)"
        }
        var seen: Set<String> = []
        for (index, device) in devices.enumerated() {
            guard !device.identifier.isEmpty else { return "devices[\(index)].identifier is empty" }
            let texts: [(String, String?)] = [("identifier", device.identifier), ("model", device.model), ("osVersion", device.osVersion), ("detail", device.detail)]
            for case let (name, text?) in texts where text.unicodeScalars.count > Self.maximumTextLength {
                return "devices[\(index)].\(name) is longer than \(Self.maximumTextLength) characters"
            }
            guard seen.insert(device.platform.rawValue + " " + device.identifier).inserted else {
                return "devices[\(index)]: \(device.platform.rawValue) device \(device.identifier) is reported twice"
            }
        }
        return nil
    }
}
