import Foundation

/// The build cache's counts and entries (`GET /api/v1/cache/stats`): per protocol and
/// namespace, hits, misses, uploads and bytes, in total and per UTC day; per build, its jobs'
/// traffic; and each entry's size and last access (what least-recently-used eviction will
/// read, without listing the storage).
///
/// Written in batches (``CacheActivityBatch``) a few seconds apart, never once per request.
public protocol CacheStatsStore: Sendable {
    /// Adds the batch's counts to the totals, days and builds and applies its entry facts, in
    /// one transaction: a kept entry's size is replaced and its last access only ever moves
    /// forward; a deleted entry's row is removed.
    func recordCacheActivity(_ batch: CacheActivityBatch) async throws(StoreError)

    /// The totals of every protocol and namespace that has any, by protocol then namespace.
    func cacheStatistics() async throws(StoreError) -> [CacheNamespaceStatistics]

    /// The counts of each UTC day from `since`'s day on, by day, protocol and namespace;
    /// days without requests are absent.
    func cacheDailyStatistics(since: Date) async throws(StoreError) -> [CacheDailyStatistics]

    /// Build `buildID`'s counts; zeros when its jobs made no cache request.
    func cacheBuildStatistics(buildID: Int64) async throws(StoreError) -> CacheBuildStatistics

    /// Kept entries, least recently used first (ties by protocol, namespace, key), at most
    /// `limit` (1…10,000), of every namespace or of `namespace` only (in every protocol):
    /// what eviction reads instead of listing the storage.
    func leastRecentlyUsedCacheEntries(limit: Int, namespace: String?) async throws(StoreError) -> [CacheEntryTouch]

    /// Keys of the entries kept in `protocolName`'s `namespace` that start with `prefix` (""
    /// for every one), in the database's order of keys from just after `after` (nil: from the
    /// first), at most `limit` (1…10,000): a caller pages through with the last key it got.
    /// What eviction reads to find an XCRemoteCache namespace's metas, and the sweep to know
    /// which entry files the store has heard of.
    func cacheEntryKeys(protocolName: String, namespace: String, prefix: String, after: String?, limit: Int) async throws(StoreError) -> [String]

    /// The key job-scoped cache credentials are signed with, shared by every server on the
    /// database: `candidate` (hexadecimal) becomes it when there is none yet, and the one
    /// kept is answered, so servers starting at once agree.
    func cacheCredentialKey(proposing candidate: String) async throws(StoreError) -> String
}

extension CacheStatsStore {
    /// Kept entries of every namespace, least recently used first, at most `limit`.
    public func leastRecentlyUsedCacheEntries(limit: Int) async throws(StoreError) -> [CacheEntryTouch] {
        try await leastRecentlyUsedCacheEntries(limit: limit, namespace: nil)
    }
}
