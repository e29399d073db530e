import Core

/// One device of one agent: what batches are handed to and what a quarantine names.
public struct DeviceKey: Codable, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The agent it is attached to.
    public var agentID: Int64
    /// Its platform.
    public var platform: DevicePlatform
    /// adb's serial or the UDID.
    public var identifier: String

    /// Creates a key.
    public init(agentID: Int64, platform: DevicePlatform, identifier: String) {
        self.agentID = agentID
        self.platform = platform
        self.identifier = identifier
    }

    /// `android emulator-5554 on agent 3`.
    public var description: String { "\(platform.rawValue) \(identifier) on agent \(agentID)" }
}
