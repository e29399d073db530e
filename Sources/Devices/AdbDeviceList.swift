import Foundation
import Core
import MemberwiseInit

/// What `adb devices` or `adb devices -l` printed: the devices, and every line that was
/// neither a device nor adb's own chatter, kept so the agent can say it could not read it.
@MemberwiseInit(.public)
public struct AdbDeviceList: Sendable, Equatable {
    /// The device lines, in adb's order.
    public var devices: [AdbDeviceLine]
    /// Lines that could not be read, as printed (without the line end).
    public var unreadable: [String]

    /// The keys of the long form's fields; the device path (`usb:…`) is printed without one.
    private static let fieldKeys = ["product:", "model:", "device:", "transport_id:"]

    /// Reads adb's output: LF or CRLF lines (Windows), the `List of devices attached` header
    /// (with or without a trailing space), blank lines and `* daemon …` start-up lines skipped.
    public static func parse(_ text: String) -> AdbDeviceList {
        var devices: [AdbDeviceLine] = []
        var unreadable: [String] = []
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            let line = String(rawLine)
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty || trimmed == "List of devices attached" || trimmed.hasPrefix("* daemon ") { continue }
            if let device = Self.device(in: line) {
                devices.append(device)
            } else {
                unreadable.append(line)
            }
        }
        return AdbDeviceList(devices: devices, unreadable: unreadable)
    }

    /// One device line in either form, or nil.
    static func device(in line: String) -> AdbDeviceLine? {
        // The short form: SERIAL<TAB>STATE, where STATE may contain spaces (no permissions).
        if let tab = line.firstIndex(of: "\t") {
            let serial = String(line[..<tab])
            let state = String(line[line.index(after: tab)...]).trimmingSpaces
            guard !serial.isEmpty, !serial.contains(" "), !state.isEmpty else { return nil }
            return AdbDeviceLine(serial: serial, stateText: state)
        }
        // The long form. adb prints `(no serial number)` for a device without one.
        let serial: String
        var rest: Substring
        if line.hasPrefix("(no serial number)") {
            serial = "(no serial number)"
            rest = line.dropFirst(serial.count)
        } else {
            guard let space = line.firstIndex(of: " ") else { return nil }
            serial = String(line[..<space])
            rest = line[space...]
        }
        rest = rest.drop(while: { $0 == " " })
        guard !serial.isEmpty, !rest.isEmpty else { return nil }
        // `no permissions (…); see [URL]` contains spaces: it runs to its closing bracket
        // (older adb: to the line's end, or to the first field).
        let stateText: String
        if rest.hasPrefix("no permissions") {
            if let close = rest.firstIndex(of: "]") {
                stateText = String(rest[...close])
                rest = rest[rest.index(after: close)...]
            } else if let field = Self.firstFieldStart(in: rest) {
                stateText = String(rest[..<field]).trimmingSpaces
                rest = rest[field...]
            } else {
                stateText = String(rest).trimmingSpaces
                rest = ""
            }
        } else {
            let end = rest.firstIndex(of: " ") ?? rest.endIndex
            stateText = String(rest[..<end])
            rest = rest[end...]
        }
        var device = AdbDeviceLine(serial: serial, stateText: stateText)
        for token in rest.split(separator: " ") {
            // `transport_id:` is always last: anything after it is not adb's.
            if device.transportID != nil { return nil }
            if token.hasPrefix("product:") {
                device.product = String(token.dropFirst("product:".count))
            } else if token.hasPrefix("model:") {
                device.model = String(token.dropFirst("model:".count))
            } else if token.hasPrefix("device:") {
                device.device = String(token.dropFirst("device:".count))
            } else if token.hasPrefix("transport_id:") {
                device.transportID = String(token.dropFirst("transport_id:".count))
            } else if token.hasPrefix("usb:"), device.devicePath == nil, device.product == nil, device.model == nil, device.device == nil {
                // The device path comes first and is printed without a key (`usb:1-1`, `usb:341835776X`).
                device.devicePath = String(token)
            } else {
                return nil
            }
        }
        return device
    }

    /// Where the first keyed field of the long form starts, if any.
    private static func firstFieldStart(in text: Substring) -> Substring.Index? {
        fieldKeys.compactMap { key in text.range(of: " " + key)?.lowerBound }.min()
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let characters = Array(self)
        guard let first = characters.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = characters.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return String(characters[first...last])
    }
}
