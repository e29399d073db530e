import Core
import MemberwiseInit

/// A simctl runtime key read into a platform and version:
/// `com.apple.CoreSimulator.SimRuntime.iOS-17-0` (Xcode 10 and later) or `iOS 12.1` (older).
@MemberwiseInit(.public)
public struct SimulatorRuntime: Sendable, Equatable {
    /// The platform of the runtime's simulators.
    public var platform: DevicePlatform
    /// `17.0`.
    public var version: String

    /// The identifiers' common prefix.
    static let identifierPrefix = "com.apple.CoreSimulator.SimRuntime."

    /// The operating system names simctl uses, by platform (`xrOS` is visionOS's runtime name).
    static let platforms: [String: DevicePlatform] = [
        "iOS": .ios, "tvOS": .tvos, "watchOS": .watchos, "xrOS": .visionos, "visionOS": .visionos,
    ]

    /// Reads `key`; nil for a key of another shape or an operating system not listed.
    public init?(key: String) {
        let name: Substring
        let versionText: Substring
        let separator: Character
        if key.hasPrefix(Self.identifierPrefix) {
            let rest = key.dropFirst(Self.identifierPrefix.count)
            guard let dash = rest.firstIndex(of: "-") else { return nil }
            name = rest[..<dash]
            versionText = rest[rest.index(after: dash)...]
            separator = "-"
        } else {
            guard let space = key.firstIndex(of: " ") else { return nil }
            name = key[..<space]
            versionText = key[key.index(after: space)...]
            separator = "."
        }
        let parts = versionText.split(separator: separator, omittingEmptySubsequences: false)
        guard let platform = Self.platforms[String(name)], !parts.isEmpty,
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
        self.init(platform: platform, version: parts.joined(separator: "."))
    }
}
