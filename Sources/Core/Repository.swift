import Foundation
import MemberwiseInit

/// A git repository whose builds MobileOps runs.
///
/// The webhook secret is deliberately not part of this value: it is shown once, when the
/// repository is created, and otherwise only read by webhook verification inside the store.
@MemberwiseInit(.public)
public struct Repository: Codable, Sendable, Equatable, Identifiable {
    /// Server-assigned identifier.
    public var id: Int64
    /// Full name as the git host spells it, e.g. `acme/ios-app`. Unique, case-insensitively.
    public var name: String
    /// Where the repository is hosted.
    public var provider: GitProvider
    /// URL agents clone from (https, ssh, `file://` or a local path).
    public var cloneURL: String
    /// Branch builds default to, e.g. `main`.
    public var defaultBranch: String
    /// When the repository was registered.
    public var createdAt: Date
}

// MARK: - Folder names

extension Repository {
    /// A file name for a repository name (`acme/ios-app` → `acme_ios-app`): letters, digits,
    /// `.`, `-` and `_` kept, anything else `_`, no leading dot, at most 100 characters.
    /// The agent's and the server's git mirrors are named this way.
    public static func folderName(for name: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
        var result = String(name.map { allowed.contains($0) ? $0 : "_" }.prefix(100))
        if result.hasPrefix(".") { result = "_" + result.dropFirst() }
        return result.isEmpty ? "repository" : result
    }

    /// The server's git mirror folder for a repository: a readable prefix (``folderName(for:)``,
    /// shortened) and a hash of the name and clone URL. The prefix alone is not unique
    /// (`zz/m+1` and `zz/m_1` both read `zz_m_1`, long names are cut), and a name deleted and
    /// registered again with another URL must not find the old clone.
    public static func mirrorFolderName(name: String, cloneURL: String) -> String {
        // FNV-1a, 64 bits: stable across runs and machines, unlike `Hasher`.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Array(name.utf8) + [0] + Array(cloneURL.utf8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return folderName(for: name).prefix(80) + "-" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
