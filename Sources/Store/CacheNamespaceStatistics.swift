/// One protocol and namespace's totals, as `GET /api/v1/cache/stats` answers them.
public struct CacheNamespaceStatistics: Codable, Sendable, Equatable {
    /// `gradle`, `bazel`, `ccache` or `xcode`.
    public var `protocol`: String
    /// The namespace.
    public var namespace: String
    /// Reads answered with an entry.
    public var hits: Int64
    /// Reads of a key nothing was kept under.
    public var misses: Int64
    /// Entries stored whole.
    public var uploads: Int64
    /// Bytes sent to clients.
    public var bytesServed: Int64
    /// Bytes received and stored.
    public var bytesStored: Int64
    /// Entries evicted to keep the cache under its size cap.
    public var evictions: Int64
    /// Entries kept now.
    public var entries: Int64
    /// Bytes the kept entries take.
    public var entryBytes: Int64
    /// `hits / (hits + misses)`; nil before the first read.
    public var hitRate: Double?

    /// The totals, with the hit rate worked out from them.
    public init(
        protocol protocolName: String, namespace: String, hits: Int64, misses: Int64, uploads: Int64, bytesServed: Int64,
        bytesStored: Int64, evictions: Int64 = 0, entries: Int64, entryBytes: Int64
    ) {
        self.protocol = protocolName
        self.namespace = namespace
        self.hits = hits
        self.misses = misses
        self.uploads = uploads
        self.bytesServed = bytesServed
        self.bytesStored = bytesStored
        self.evictions = evictions
        self.entries = entries
        self.entryBytes = entryBytes
        self.hitRate = CacheUsageDelta.hitRate(hits: hits, misses: misses)
    }
}
