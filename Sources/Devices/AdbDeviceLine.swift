import Core
import MemberwiseInit

/// One device line of `adb devices` or `adb devices -l`, as adb printed it.
///
/// The long form is `append_transport()` in AOSP adb's `transport.cpp`: the serial padded to
/// 22 columns, one space, the state, then `usb:…` (the device path, printed without a key),
/// `product:`, `model:` and `device:` when adb knows them, and `transport_id:N` last (absent
/// before adb 1.0.40). The short form is `SERIAL<TAB>STATE`.
@MemberwiseInit(.public)
public struct AdbDeviceLine: Sendable, Equatable {
    /// adb's serial: `emulator-5554`, `R58M123ABC`, `192.168.0.3:5555`.
    public var serial: String
    /// The state word as adb printed it: `device`, `offline`, `no permissions (…)`, ….
    public var stateText: String
    /// The device path (`usb:1-1`), when printed.
    public var devicePath: String?
    /// `product:` (`sdk_gphone64_arm64`), when printed.
    public var product: String?
    /// `model:` with every character other than a letter or digit made `_` by adb (`Pixel_7`).
    public var model: String?
    /// `device:` (`emu64a`), when printed.
    public var device: String?
    /// `transport_id:` when printed.
    public var transportID: String?

    /// The state adb's word stands for; a word adb's source does not list is `unknown`.
    /// `device` is ``DeviceState/ready`` only once `sys.boot_completed` is `1`
    /// (``AndroidDeviceFacts``); here it is ``DeviceState/booting``.
    public var state: DeviceState {
        if stateText.hasPrefix("no permissions") { return .noPermissions }
        switch stateText {
        case "device": return .booting
        case "offline", "detached": return .offline
        case "connecting", "authorizing": return .connecting
        case "unauthorized": return .unauthorized
        case "bootloader", "recovery", "rescue", "sideload": return .maintenance
        default: return .unknown
        }
    }

    /// Whether adb can run commands on it (`adb -s SERIAL shell …`).
    public var acceptsCommands: Bool { stateText == "device" }

    /// Whether adb named it as an emulator: adb calls an emulator on this machine
    /// `emulator-PORT` (the console port). A supporting sign only: `ro.kernel.qemu` and
    /// `ro.boot.qemu` decide when they can be read.
    public var hasEmulatorSerial: Bool {
        guard serial.hasPrefix("emulator-") else { return false }
        let port = serial.dropFirst("emulator-".count)
        return !port.isEmpty && port.allSatisfy(\.isASCIIDigit)
    }
}

extension Character {
    /// `0` to `9` only (not other scripts' digits).
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
