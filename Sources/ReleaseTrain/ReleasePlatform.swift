// MARK: - ReleasePlatform

/// A store a train ships to.
public enum ReleasePlatform: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The App Store, through App Store Connect.
    case ios
    /// Google Play, through the Android Publisher API.
    case android

    /// The raw name, as the file writes it.
    public var description: String { rawValue }

    /// The store's name for messages and notifications.
    public var storeName: String {
        switch self {
        case .ios: "App Store"
        case .android: "Google Play"
        }
    }
}
