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
