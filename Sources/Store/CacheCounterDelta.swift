/// Counts to add to one protocol and namespace's totals.
public struct CacheCounterDelta: Sendable, Equatable {
    /// `gradle`, `bazel`, `ccache` or `xcode`.
    public var protocolName: String
    /// The namespace the requests named.
    public var namespace: String
    /// Reads answered with an entry.
    public var hits: Int64 = 0
    /// Reads of a key nothing is kept under.
    public var misses: Int64 = 0
    /// Entries stored whole.
    public var uploads: Int64 = 0
    /// Bytes of entries sent to clients.
    public var bytesServed: Int64 = 0
    /// Bytes of entries stored.
    public var bytesStored: Int64 = 0
    /// Entries evicted to keep the cache under its size cap.
    public var evictions: Int64 = 0

    /// Zero counts for `protocolName` and `namespace`.
    public init(protocolName: String, namespace: String) {
        self.protocolName = protocolName
        self.namespace = namespace
    }

    /// Adds `other`'s counts (same protocol and namespace) to these.
    public mutating func add(_ other: CacheCounterDelta) {
        hits += other.hits
        misses += other.misses
        uploads += other.uploads
        bytesServed += other.bytesServed
        bytesStored += other.bytesStored
        evictions += other.evictions
    }
}
