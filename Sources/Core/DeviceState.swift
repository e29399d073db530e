/// Whether a device can run tests now, read from what its tool printed; anything the agent
/// could not read is ``unknown`` with the text in ``DeviceReport/detail``, never a guess.
public enum DeviceState: String, Codable, Sendable, CaseIterable, Hashable {
    /// Tests can run: adb's `device` with `sys.boot_completed` `1`, or a `Booted` simulator.
    case ready
    /// Starting: adb's `device` before `sys.boot_completed` is `1`, or simctl's `Booting`
    /// or `Creating`.
    case booting
    /// A simulator that is `Shutdown` or `Shutting Down`: it can be booted on demand.
    case shutdown
    /// adb cannot talk to it: `offline`, or `detached` (released to another program).
    case offline
    /// adb is connecting to it: `connecting` or `authorizing`.
    case connecting
    /// The device has not accepted this machine's adb key (`unauthorized`).
    case unauthorized
    /// adb may not open the USB device (`no permissions (…)`: missing udev rules).
    case noPermissions = "no_permissions"
    /// Booted into a mode that runs no tests: `bootloader`, `recovery`, `rescue`, `sideload`.
    case maintenance
    /// A simulator simctl marks unavailable (`isAvailable: false`, e.g. "runtime profile not found").
    case unavailable
    /// A physical device named in the agent's configuration, which no tool checks.
    case configured
    /// The tool printed something the agent does not know; ``DeviceReport/detail`` has it.
    case unknown

    /// Reads a state name; a name this version does not know (a newer agent's) is ``unknown``,
    /// so an old server still takes the rest of the report.
    public init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        self = DeviceState(rawValue: name) ?? .unknown
    }

    /// Whether tests can be handed to the device now.
    public var isReady: Bool { self == .ready }
}
