/// The build cache's counts and entries (`GET /api/v1/cache/stats`): per protocol and
/// namespace, hits, misses, uploads and bytes, and each entry's size and last access (what
/// least-recently-used eviction will read, without listing the storage).
///
/// Written in batches (``CacheActivityBatch``) a few seconds apart, never once per request.
public protocol CacheStatsStore: Sendable {
    /// Adds the batch's counts to the totals and applies its entry facts, in one transaction:
    /// a kept entry's size is replaced and its last access only ever moves forward; a
    /// deleted entry's row is removed.
    func recordCacheActivity(_ batch: CacheActivityBatch) async throws(StoreError)

    /// The totals of every protocol and namespace that has any, by protocol then namespace.
    func cacheStatistics() async throws(StoreError) -> [CacheNamespaceStatistics]

    /// Kept entries, least recently used first (ties by protocol, namespace, key), at most
    /// `limit` (1…10,000): what eviction reads instead of listing the storage.
    func leastRecentlyUsedCacheEntries(limit: Int) async throws(StoreError) -> [CacheEntryTouch]
}

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
        self.hitRate = hits + misses > 0 ? Double(hits) / Double(hits + misses) : nil
    }
}
