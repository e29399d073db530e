import Core
import MemberwiseInit

/// One device of one agent: what batches are handed to and what a quarantine names.
@MemberwiseInit(.public)
public struct DeviceKey: Codable, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The agent it is attached to.
    public var agentID: Int64
    /// Its platform.
    public var platform: DevicePlatform
    /// adb's serial or the UDID.
    public var identifier: String

    /// `android emulator-5554 on agent 3`.
    public var description: String { "\(platform.rawValue) \(identifier) on agent \(agentID)" }
}
