import Crypto
import Foundation

/// The entries the store has heard of in one protocol and namespace, as their files are named
/// (``CacheEntryID/storageName``: the SHA-256 of the key): what tells the sweep an entry file
/// eviction knows of from one whose facts were lost with a crash.
///
/// Only the first 8 bytes of each key's SHA-256 are kept, so a namespace of a million entries
/// takes some 16 MB, not the hundreds its keys would. An unrecorded file that shares them with
/// a recorded key (about n in 2⁶⁴ for n keys) looks recorded and is kept: never the other way.
public struct RecordedCacheEntries: Sendable {
    private var prefixes: Set<UInt64> = []

    /// None recorded.
    public init() {}

    /// Records the entry of `key`.
    public mutating func insert(key: String) {
        let digest = SHA256.hash(data: Data(key.utf8))
        prefixes.insert(digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }

    /// Whether the file named `name` is a recorded entry's; false for a name no entry has.
    public func contains(fileName name: String) -> Bool {
        guard let prefix = Self.prefix(ofFileName: name) else { return false }
        return prefixes.contains(prefix)
    }

    /// The first 8 bytes of the SHA-256 an entry's file is named after; nil for a name that is
    /// no entry's (not 64 lower-case hex digits).
    static func prefix(ofFileName name: String) -> UInt64? {
        guard name.utf8.count == 64, name.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
        return UInt64(name.prefix(16), radix: 16)
    }
}
