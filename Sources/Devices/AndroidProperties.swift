/// The `getprop` properties the agent reads of an Android device that accepts commands, each
/// with `adb -s SERIAL shell getprop NAME`, and what they say.
public struct AndroidProperties: Sendable, Equatable {
    /// `sys.boot_completed`: `1` once Android has booted; empty before.
    public static let bootCompleted = "sys.boot_completed"
    /// `ro.build.version.sdk`: the API level, e.g. `34`.
    public static let apiLevel = "ro.build.version.sdk"
    /// `ro.product.model`: the model as people know it, e.g. `Pixel 7`.
    public static let model = "ro.product.model"
    /// `ro.kernel.qemu`: `1` on an emulator started with `qemu=1` on the kernel command line.
    public static let kernelQEMU = "ro.kernel.qemu"
    /// `ro.boot.qemu`: `1` on newer emulators, which pass `androidboot.qemu=1` instead
    /// (and leave `ro.kernel.qemu` unset).
    public static let bootQEMU = "ro.boot.qemu"

    /// The properties that do not change while the device is attached, read once per serial.
    public static let fixed = [apiLevel, model, kernelQEMU, bootQEMU]

    /// Each property read, by name; a property getprop printed empty is absent.
    public var values: [String: String]

    /// Creates the properties from values already read.
    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    /// The value `getprop NAME` printed: the line without its end (`\n`, or `\r\n` and
    /// `\r\r\n` on older devices), nil when empty (an unset property).
    public static func value(fromGetprop output: String) -> String? {
        var text = Substring(output)
        while let last = text.last, last == "\n" || last == "\r" || last == "\r\n" || last == " " { text = text.dropLast() }
        return text.isEmpty ? nil : String(text)
    }

    /// Whether `sys.boot_completed` is `1`.
    public var hasBooted: Bool { values[Self.bootCompleted] == "1" }

    /// Whether the device says it is an emulator (either QEMU property is `1`); nil when
    /// neither property was read. Never `ro.build.characteristics`: phones say `emulator` there too.
    public var isEmulator: Bool? {
        let flags = [values[Self.kernelQEMU], values[Self.bootQEMU]]
        if flags.contains("1") { return true }
        return hasFixedValues ? false : nil
    }

    /// Whether the fixed properties have been read (a device reports its API level once booted).
    public var hasFixedValues: Bool { values[Self.apiLevel] != nil }
}
