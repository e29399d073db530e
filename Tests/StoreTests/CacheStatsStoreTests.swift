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

    @Test("counts add up per UTC day and per build, read back from a day on; a build without traffic has zeros", arguments: StoreBackend.available)
    func dailyAndPerBuild(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let day = CacheDailyDelta.start(ofDayContaining: Self.t0)
            let usage = { (hits: Int64, misses: Int64) in CacheUsageDelta(hits: hits, misses: misses, uploads: 1, bytesServed: hits * 10, bytesStored: 5) }
            try await database.recordCacheActivity(CacheActivityBatch(
                daily: [
                    CacheDailyDelta(day: Self.t0.addingTimeInterval(-86_400), protocolName: "gradle", namespace: "app", counts: usage(1, 1)),
                    CacheDailyDelta(day: Self.t0, protocolName: "gradle", namespace: "app", counts: usage(2, 0)),
                    CacheDailyDelta(day: Self.t0, protocolName: "bazel", namespace: "app", counts: usage(0, 3)),
                ],
                builds: [CacheBuildDelta(buildID: 41, counts: usage(2, 1))]))
            try await database.recordCacheActivity(CacheActivityBatch(
                daily: [CacheDailyDelta(day: Self.t0.addingTimeInterval(60), protocolName: "gradle", namespace: "app", counts: usage(1, 1))],
                builds: [CacheBuildDelta(buildID: 41, counts: usage(1, 0)), CacheBuildDelta(buildID: 42, counts: usage(0, 2))]))

            let all = try await database.cacheDailyStatistics(since: Self.t0.addingTimeInterval(-86_400))
            #expect(all.map(\.day) == [day.addingTimeInterval(-86_400), day, day])
            #expect(all.map(\.protocol) == ["gradle", "bazel", "gradle"])
            let today = try await database.cacheDailyStatistics(since: Self.t0)
            #expect(today == [
                CacheDailyStatistics(day: day, protocol: "bazel", namespace: "app", counts: usage(0, 3)),
                CacheDailyStatistics(day: day, protocol: "gradle", namespace: "app", counts: CacheUsageDelta(hits: 3, misses: 1, uploads: 2, bytesServed: 30, bytesStored: 10)),
            ])
            #expect(today.map(\.hitRate) == [0, 0.75])

            let build = try await database.cacheBuildStatistics(buildID: 41)
            #expect(build == CacheBuildStatistics(buildID: 41, counts: CacheUsageDelta(hits: 3, misses: 1, uploads: 2, bytesServed: 30, bytesStored: 10)))
            #expect(build.hitRate == 0.75)
            let none = try await database.cacheBuildStatistics(buildID: 99)
            #expect(none == CacheBuildStatistics(buildID: 99, counts: CacheUsageDelta()) && none.hitRate == nil)
        }
    }

    @Test("keys of one protocol and namespace that start with a prefix (text, not a pattern), a page at a time after the last one", arguments: StoreBackend.available)
    func entryKeysByPrefix(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            let touch = { (protocolName: String, namespace: String, key: String) in
                CacheEntryTouch(protocolName: protocolName, namespace: namespace, key: key, size: 1, lastAccess: Self.t0)
            }
            try await database.recordCacheActivity(CacheActivityBatch(entries: [
                touch("xcode", "ios", "meta/c"), touch("xcode", "ios", "meta/a"), touch("xcode", "ios", "meta/b"), touch("xcode", "ios", "file/x"),
                touch("xcode", "ios", "m%x/1"), touch("xcode", "other", "meta/d"), touch("gradle", "ios", "meta/e"),
            ]))
            let first = try await database.cacheEntryKeys(protocolName: "xcode", namespace: "ios", prefix: "meta/", after: nil, limit: 2)
            #expect(first == ["meta/a", "meta/b"])
            #expect(try await database.cacheEntryKeys(protocolName: "xcode", namespace: "ios", prefix: "meta/", after: first.last, limit: 2) == ["meta/c"])
            #expect(try await database.cacheEntryKeys(protocolName: "xcode", namespace: "ios", prefix: "meta/", after: "meta/c", limit: 2) == [])
            #expect(try await database.cacheEntryKeys(protocolName: "xcode", namespace: "ios", prefix: "m%", after: nil, limit: 10) == ["m%x/1"])
            let every = try await database.cacheEntryKeys(protocolName: "xcode", namespace: "ios", prefix: "", after: nil, limit: 10)
            #expect(Set(every) == ["meta/a", "meta/b", "meta/c", "file/x", "m%x/1"] && every.count == 5)
        }
    }

    @Test("least recently used entries of one namespace, in every protocol; the credential key is the first one proposed", arguments: StoreBackend.available)
    func namespaceEntriesAndKey(_ backend: StoreBackend) async throws {
        try await backend.withFreshStore { store async throws in
            let database = store.database
            try await database.recordCacheActivity(CacheActivityBatch(entries: [
                CacheEntryTouch(protocolName: "gradle", namespace: "app", key: "a", size: 1, lastAccess: Self.t0.addingTimeInterval(30)),
                CacheEntryTouch(protocolName: "ccache", namespace: "app", key: "b", size: 1, lastAccess: Self.t0.addingTimeInterval(10)),
                CacheEntryTouch(protocolName: "gradle", namespace: "lib", key: "c", size: 1, lastAccess: Self.t0),
            ]))
            #expect(try await database.leastRecentlyUsedCacheEntries(limit: 10, namespace: "app").map(\.key) == ["b", "a"])
            #expect(try await database.leastRecentlyUsedCacheEntries(limit: 10).map(\.key) == ["c", "b", "a"])

            #expect(try await database.cacheCredentialKey(proposing: "first") == "first")
            #expect(try await database.cacheCredentialKey(proposing: "second") == "first")
            try await store.reopened { again async throws in
                #expect(try await again.cacheCredentialKey(proposing: "third") == "first")
            }
        }
    }
}
