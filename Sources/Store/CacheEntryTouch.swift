import Foundation

/// The newest fact about one entry: kept with this size, last read or written at this time;
/// or deleted.
public struct CacheEntryTouch: Sendable, Equatable {
    /// `gradle`, `bazel`, `ccache` or `xcode`.
    public var protocolName: String
    /// The entry's namespace.
    public var namespace: String
    /// The entry's key within the namespace (`ac/<sha256>`, a Gradle key, a ccache path).
    public var key: String
    /// Its size in bytes and last access; nil when the entry was deleted.
    public var kept: (size: Int64, lastAccess: Date)?

    /// A touch of an entry kept with `size` bytes, last accessed at `lastAccess`.
    public init(protocolName: String, namespace: String, key: String, size: Int64, lastAccess: Date) {
        self.protocolName = protocolName
        self.namespace = namespace
        self.key = key
        self.kept = (size, lastAccess)
    }

    /// The entry was deleted.
    public init(deletedProtocol protocolName: String, namespace: String, key: String) {
        self.protocolName = protocolName
        self.namespace = namespace
        self.key = key
        self.kept = nil
    }

    /// Equal when they name the same entry with the same facts.
    public static func == (lhs: CacheEntryTouch, rhs: CacheEntryTouch) -> Bool {
        lhs.protocolName == rhs.protocolName && lhs.namespace == rhs.namespace && lhs.key == rhs.key
            && lhs.kept?.size == rhs.kept?.size && lhs.kept?.lastAccess == rhs.kept?.lastAccess
    }
}
