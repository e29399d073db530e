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

    /// Whether adb's own words say the device failed: offline, unauthorized, without
    /// permissions, gone (`device 'SERIAL' not found`, older adb's `device not found`), or no
    /// device at all (`no devices/emulators found`). Only this counts against a device; any
    /// other error (a missing APK, a wrong instrumentation) is the step's.
    public static func blamesDevice(_ errorText: String) -> Bool {
        state(of: errorText) != .unknown || isGone(errorText)
            || errorText.contains("device not found") || errorText.contains("no devices/emulators found")
    }
}
