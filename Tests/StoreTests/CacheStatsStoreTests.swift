import Core
import Foundation
import Testing
@testable import Store

/// The build cache's totals and entries through `CacheStatsStore`, on every backend.
@Suite("Build cache counts in the store")
struct CacheStatsStoreTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    static func counts(
        _ protocolName: String, _ namespace: String, hits: Int64 = 0, misses: Int64 = 0, uploads: Int64 = 0, served: Int64 = 0, stored: Int64 = 0,
        evictions: Int64 = 0
    ) -> CacheCounterDelta {
        var delta = CacheCounterDelta(protocolName: protocolName, namespace: namespace)
        delta.hits = hits
        delta.misses = misses
        delta.uploads = uploads
        delta.bytesServed = served
        delta.bytesStored = stored
        delta.evictions = evictions
        return delta
    }

    @Test("batches add up per protocol and namespace; entries keep their latest size and access; a deletion removes one", arguments: StoreBackend.available)
    func batchesAddUp(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            #expect(try await database.cacheStatistics() == [])
            try await database.recordCacheActivity(CacheActivityBatch(
                counters: [Self.counts("gradle", "app", misses: 1, uploads: 2, stored: 300), Self.counts("bazel", "App", hits: 1, served: 7)],
                entries: [
                    CacheEntryTouch(protocolName: "gradle", namespace: "app", key: "aa", size: 100, lastAccess: Self.t0),
                    CacheEntryTouch(protocolName: "gradle", namespace: "app", key: "bb", size: 200, lastAccess: Self.t0),
                    CacheEntryTouch(protocolName: "bazel", namespace: "App", key: "cas/x", size: 7, lastAccess: Self.t0),
                ]))
            // A second batch: more counts, a later access, an older access that must not move
            // it back, a replaced entry's new size, a deletion; a counter twice in one batch.
            try await database.recordCacheActivity(CacheActivityBatch(
                counters: [Self.counts("gradle", "app", hits: 3, served: 300), Self.counts("gradle", "app", hits: 1, served: 100, evictions: 1)],
                entries: [
                    CacheEntryTouch(protocolName: "gradle", namespace: "app", key: "aa", size: 150, lastAccess: Self.t0.addingTimeInterval(60)),
                    CacheEntryTouch(protocolName: "bazel", namespace: "App", key: "cas/x", size: 7, lastAccess: Self.t0.addingTimeInterval(-60)),
                    CacheEntryTouch(deletedProtocol: "gradle", namespace: "app", key: "bb"),
                ]))
            let statistics = try await database.cacheStatistics()
            #expect(statistics == [
                CacheNamespaceStatistics(protocol: "bazel", namespace: "App", hits: 1, misses: 0, uploads: 0, bytesServed: 7, bytesStored: 0, entries: 1, entryBytes: 7),
                CacheNamespaceStatistics(
                    protocol: "gradle", namespace: "app", hits: 4, misses: 1, uploads: 2, bytesServed: 400, bytesStored: 300, evictions: 1, entries: 1, entryBytes: 150),
            ])
            #expect(statistics.map(\.hitRate) == [1.0, 0.8])
            // An empty batch writes nothing and fails nothing.
            try await database.recordCacheActivity(CacheActivityBatch())
            #expect(try await database.cacheStatistics() == statistics)
        }
    }

    @Test("an entry's last access only moves forward; entries come least recently used first", arguments: StoreBackend.available)
    func lastAccessMovesForward(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let touch = { (key: String, offset: TimeInterval) in
                CacheActivityBatch(entries: [CacheEntryTouch(protocolName: "ccache", namespace: "n", key: key, size: 1, lastAccess: Self.t0.addingTimeInterval(offset))])
            }
            try await database.recordCacheActivity(touch("ab/cd", 120))
            try await database.recordCacheActivity(touch("ab/cd", 0))
            try await database.recordCacheActivity(touch("ef/gh", 60))
            try await database.recordCacheActivity(touch("ij/kl", 60))
            let entries = try await database.leastRecentlyUsedCacheEntries(limit: 10)
            #expect(entries.map(\.key) == ["ef/gh", "ij/kl", "ab/cd"])
            #expect(entries.compactMap { $0.kept?.lastAccess } == [60, 60, 120].map { Self.t0.addingTimeInterval($0) })
            #expect(try await database.leastRecentlyUsedCacheEntries(limit: 1).map(\.key) == ["ef/gh"])
        }
    }
}
