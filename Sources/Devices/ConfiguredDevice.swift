import Core

/// A physical device named in the agent's configuration (`--device ios:UDID=iPhone 15`), for
/// devices no tool on the machine lists: iOS phones, or an Android phone on a remote adb.
public enum ConfiguredDevice {
    /// Reads `PLATFORM:IDENTIFIER` or `PLATFORM:IDENTIFIER=MODEL`.
    /// - Throws: ``ConfiguredDeviceError`` naming what to fix.
    public static func parse(_ text: String) throws(ConfiguredDeviceError) -> DeviceReport {
        guard let colon = text.firstIndex(of: ":") else {
            throw .invalid("device \(text.debugDescription) must look like platform:identifier, e.g. ios:00008110-000A1C2E3E80801E")
        }
        let platformName = String(text[..<colon])
        guard let platform = DevicePlatform(rawValue: platformName) else {
            let names = DevicePlatform.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalid("device \(text.debugDescription): platform \(platformName.debugDescription) is not one of \(names)")
        }
        let rest = text[text.index(after: colon)...]
        let identifier: String
        var model: String?
        if let equals = rest.firstIndex(of: "=") {
            identifier = String(rest[..<equals])
            model = String(rest[rest.index(after: equals)...])
            if model?.isEmpty == true { model = nil }
        } else {
            identifier = String(rest)
        }
        guard !identifier.isEmpty, !identifier.contains(where: { $0 == " " || $0 == "\t" || $0 == "," }) else {
            throw .invalid("device \(text.debugDescription): the identifier must be a serial or UDID without spaces or commas")
        }
        guard identifier.count <= AgentPoll.maximumTextLength, (model?.count ?? 0) <= AgentPoll.maximumTextLength else {
            throw .invalid("device \(text.debugDescription) is longer than \(AgentPoll.maximumTextLength) characters")
        }
        return DeviceReport(platform: platform, kind: .physical, identifier: identifier, model: model, state: .configured)
    }

    /// The devices the tools found, then each configured one they did not (a tool's word on a
    /// device is better than the configuration's).
    public static func merge(found: [DeviceReport], configured: [DeviceReport]) -> [DeviceReport] {
        let seen = Set(found.map { $0.platform.rawValue + " " + $0.identifier })
        return found + configured.filter { !seen.contains($0.platform.rawValue + " " + $0.identifier) }
    }
}

/// A configured device that cannot be read.
public enum ConfiguredDeviceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message says what to fix.
    case invalid(String)

    /// The message.
    public var description: String {
        switch self {
        case .invalid(let message): message
        }
    }
}
