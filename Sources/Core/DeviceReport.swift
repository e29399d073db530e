import MemberwiseInit

/// One device an agent can run tests on, as the agent saw it at its last look: an Android
/// emulator or phone (`adb devices -l` and `getprop`), an iOS simulator (`xcrun simctl list
/// devices --json`) or a physical device named in the agent's configuration.
///
/// Sent with each poll (``AgentPoll``) and listed by `GET /api/v1/devices` (``Device``).
@MemberwiseInit(.public)
public struct DeviceReport: Codable, Sendable, Equatable, Hashable {
    /// The platform its tests are built for.
    public var platform: DevicePlatform
    /// Emulator, simulator or physical device.
    public var kind: DeviceKind
    /// What the tools call it: adb's serial (`emulator-5554`, `R58M123ABC`,
    /// `192.168.0.3:5555`) or the simulator's or phone's UDID.
    public var identifier: String
    /// The model as people know it (`Pixel 7`, `iPhone 15`), when known.
    public var model: String?
    /// The API level on Android (`34`), the runtime's version on iOS (`17.0`), when known.
    public var osVersion: String?
    /// Whether tests can run on it now, and if not why (see ``DeviceState``).
    public var state: DeviceState
    /// The tool's own words when they say more than ``state``: adb's state text
    /// (`no permissions (…)`, `bootloader`), simctl's state or availability error, or the
    /// line the agent could not read.
    public var detail: String?
}

/// The platform a device runs.
public enum DevicePlatform: String, Codable, Sendable, CaseIterable, Hashable {
    /// Android (adb).
    case android
    /// iOS and iPadOS (simctl, or a phone named in the configuration).
    case ios
    /// tvOS simulators.
    case tvos
    /// watchOS simulators.
    case watchos
    /// visionOS simulators.
    case visionos
}

/// What kind of device it is: a test on a phone and on an emulator can fail differently.
public enum DeviceKind: String, Codable, Sendable, CaseIterable, Hashable {
    /// An Android emulator (`ro.kernel.qemu` or `ro.boot.qemu` is `1`).
    case emulator
    /// An Xcode simulator.
    case simulator
    /// Real hardware: a phone or tablet on USB or the network.
    case physical
}
