import Core

/// What adb's error text says of a device, from `acquire_one_transport` in AOSP adb's
/// `transport.cpp`. adb exits 1 for every one of them, so only the words tell them apart;
/// the prefix changed from `error: ` (older platform-tools) to `adb: ` (newer).
public enum AdbErrorText {
    /// The device state adb's error stands for; text adb's source does not have is `unknown`.
    public static func state(of errorText: String) -> DeviceState {
        if errorText.contains("device offline") { return .offline }
        if errorText.contains("device unauthorized") { return .unauthorized }
        if errorText.contains("no permissions") { return .noPermissions }
        return .unknown
    }

    /// Whether adb says the serial is gone (`device 'SERIAL' not found`): unplugged or
    /// stopped between `adb devices` and the command.
    public static func isGone(_ errorText: String) -> Bool {
        errorText.contains("not found") && errorText.contains("device '")
    }
}
