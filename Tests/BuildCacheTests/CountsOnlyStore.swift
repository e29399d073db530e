import Foundation
import Store

/// A test store that only takes counts: what it is asked to read back is empty.
protocol CountsOnlyStore: CacheStatsStore {}

extension CountsOnlyStore {
    func cacheStatistics() async throws(StoreError) -> [CacheNamespaceStatistics] { [] }

    func cacheDailyStatistics(since: Date) async throws(StoreError) -> [CacheDailyStatistics] { [] }

    func cacheBuildStatistics(buildID: Int64) async throws(StoreError) -> CacheBuildStatistics {
        CacheBuildStatistics(buildID: buildID, counts: CacheUsageDelta())
    }

    func leastRecentlyUsedCacheEntries(limit: Int, namespace: String?) async throws(StoreError) -> [CacheEntryTouch] { [] }

    func cacheEntryKeys(protocolName: String, namespace: String, prefix: String, after: String?, limit: Int) async throws(StoreError) -> [String] { [] }

    func cacheCredentialKey(proposing candidate: String) async throws(StoreError) -> String { candidate }
}
