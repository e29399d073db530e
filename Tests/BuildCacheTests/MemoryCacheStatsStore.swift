import Foundation
import Store
import Synchronization

/// The store's build cache tables in memory, as both backends keep them (the store suites
/// check the backends themselves): counters add up, an entry keeps its latest size and access.
final class MemoryCacheStatsStore: CacheStatsStore {
    private struct Tables {
        var counters: [String: CacheCounterDelta] = [:]
        var entries: [String: CacheEntryTouch] = [:]
    }

    private let tables = Mutex(Tables())

    func recordCacheActivity(_ batch: CacheActivityBatch) async throws(StoreError) {
        tables.withLock { tables in
            for counter in batch.counters {
                tables.counters[counter.protocolName + "/" + counter.namespace, default: CacheCounterDelta(protocolName: counter.protocolName, namespace: counter.namespace)]
                    .add(counter)
            }
            for entry in batch.entries {
                let key = entry.protocolName + "/" + entry.namespace + "/" + entry.key
                guard let kept = entry.kept else {
                    tables.entries[key] = nil
                    continue
                }
                let latest = max(kept.lastAccess, tables.entries[key]?.kept?.lastAccess ?? kept.lastAccess)
                tables.entries[key] = CacheEntryTouch(protocolName: entry.protocolName, namespace: entry.namespace, key: entry.key, size: kept.size, lastAccess: latest)
            }
        }
    }

    func cacheStatistics() async throws(StoreError) -> [CacheNamespaceStatistics] {
        tables.withLock { tables in
            tables.counters.values.sorted { ($0.protocolName, $0.namespace) < ($1.protocolName, $1.namespace) }.map { counter in
                let kept = tables.entries.values.filter { $0.protocolName == counter.protocolName && $0.namespace == counter.namespace }
                return CacheNamespaceStatistics(
                    protocol: counter.protocolName, namespace: counter.namespace, hits: counter.hits, misses: counter.misses, uploads: counter.uploads,
                    bytesServed: counter.bytesServed, bytesStored: counter.bytesStored, evictions: counter.evictions, entries: Int64(kept.count),
                    entryBytes: kept.reduce(0) { $0 + ($1.kept?.size ?? 0) })
            }
        }
    }

    func cacheDailyStatistics(since: Date) async throws(StoreError) -> [CacheDailyStatistics] { [] }

    func cacheBuildStatistics(buildID: Int64) async throws(StoreError) -> CacheBuildStatistics {
        CacheBuildStatistics(buildID: buildID, counts: CacheUsageDelta())
    }

    func cacheCredentialKey(proposing candidate: String) async throws(StoreError) -> String { candidate }

    func leastRecentlyUsedCacheEntries(limit: Int, namespace: String?) async throws(StoreError) -> [CacheEntryTouch] {
        tables.withLock { tables in
            Array(tables.entries.values.filter { namespace == nil || $0.namespace == namespace }.sorted {
                ($0.kept?.lastAccess ?? .distantPast, $0.key) < ($1.kept?.lastAccess ?? .distantPast, $1.key)
            }.prefix(limit))
        }
    }

    func cacheEntryKeys(protocolName: String, namespace: String, prefix: String, after: String?, limit: Int) async throws(StoreError) -> [String] {
        tables.withLock { tables in
            Array(tables.entries.values.filter { entry in
                entry.protocolName == protocolName && entry.namespace == namespace && entry.key.hasPrefix(prefix) && after.map { entry.key > $0 } ?? true
            }.map(\.key).sorted().prefix(limit))
        }
    }
}
