import Core
import MemberwiseInit

/// What the agent knows of one Android device, turned into the report it sends: adb's line,
/// and the properties read when the device accepted commands.
@MemberwiseInit(.public)
public struct AndroidDeviceFacts: Sendable, Equatable {
    /// adb's line.
    public var line: AdbDeviceLine
    /// The properties read (empty when adb could not run commands on it).
    public var properties: AndroidProperties = AndroidProperties()
    /// Why reading a property failed, in adb's words, when it did.
    public var commandError: String?

    /// The report: `ready` only when adb says `device` and `sys.boot_completed` is `1`.
    public var report: DeviceReport {
        var state = line.state
        var detail: String? = state == .unknown || state == .noPermissions || state == .maintenance ? line.stateText : nil
        if line.acceptsCommands {
            if let commandError {
                // adb listed it, then refused a command: its error text says why.
                state = AdbErrorText.state(of: commandError)
                detail = commandError
            } else {
                state = properties.hasBooted ? .ready : .booting
            }
        }
        let kind: DeviceKind = (properties.isEmulator ?? line.hasEmulatorSerial) ? .emulator : .physical
        return DeviceReport(
            platform: .android, kind: kind, identifier: line.serial,
            model: properties.values[AndroidProperties.model] ?? line.model,
            osVersion: properties.values[AndroidProperties.apiLevel], state: state, detail: detail)
    }
}
