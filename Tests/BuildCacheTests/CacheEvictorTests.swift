import Core
import Foundation
import Logging
import Store
import Synchronization
import Testing
import TestSupport
@testable import BuildCache

/// Least-recently-used eviction under the size cap.
@Suite("Build cache eviction")
struct CacheEvictorTests {
    /// The keys the evictor told of.
    final class Told: Sendable {
        let keys = Mutex<[String]>([])
    }

    @Test("past the cap the least recently used entries go, down to 90 % of it; the most recently used stay")
    func evictsLeastRecentlyUsed() async throws {
        let cache = try FolderCacheBench()
        defer { cache.remove() }
        let told = Told()
        let evictor = cache.evictor(maxBytes: 100) { id in
            told.keys.withLock { $0.append(id.key) }
        }
        let ids = try (0..<5).map { try CacheEntryID(.gradle, namespace: "app", key: "entry\($0)") }
        try await cache.storeEach(ids, bytes: 30)
        // Entry 0, the oldest upload, was read last: it is the most recently used.
        cache.activity.hit(ids[0], size: 30, bytesSent: 30)
        #expect(await evictor.evictOnce() == 2)
        #expect(try await cache.kept(ids).map(\.key) == ["entry0", "entry3", "entry4"])
        #expect(told.keys.withLock { $0 } == ["entry1", "entry2"], "each eviction is told (the server's Prometheus counter)")
        let statistics = try await cache.store.cacheStatistics()
        #expect(statistics.map(\.evictions) == [2])
        #expect(statistics.map(\.entryBytes) == [90])
        // Under the cap: nothing more goes.
        #expect(await evictor.evictOnce() == 0)
    }

    @Test("before an XCRemoteCache artifact goes, its namespace's metas go (a consumer would download the missing artifact's 404); markers and other namespaces stay")
    func metasGoBeforeTheirArtifact() async throws {
        let cache = try FolderCacheBench()
        defer { cache.remove() }
        let evictor = cache.evictor(maxBytes: 100)
        // The artifact is the least recently used entry; the metas naming it were stored after it.
        let entries = [
            ("ios", "file/a.zip"), ("ios", "meta/c1-App.json"), ("ios", "meta/c1-Lib.json"), ("ios", "marker/c1"), ("mac", "meta/c1-App.json"),
            ("ios", "file/b.zip"),
        ]
        let ids = try entries.map { try CacheEntryID(.xcode, namespace: $0.0, key: $0.1) }
        try await cache.storeEach(ids, bytes: 20)
        // 120 bytes: the artifact alone would leave 100, its first meta 80; the second meta goes with it.
        #expect(await evictor.evictOnce() == 3)
        #expect(try await cache.kept(ids).map { "\($0.namespace) \($0.key)" } == ["ios marker/c1", "mac meta/c1-App.json", "ios file/b.zip"])
        let statistics = try await cache.store.cacheStatistics()
        #expect(statistics.map { "\($0.namespace) \($0.evictions) \($0.entryBytes)" } == ["ios 3 40", "mac 0 20"])
        #expect(await evictor.evictOnce() == 0)
    }

    @Test("past a namespace's cap only that namespace's least recently used entries go, down to 90 % of it")
    func evictsWithinANamespace() async throws {
        let cache = try FolderCacheBench()
        defer { cache.remove() }
        let evictor = cache.evictor(maxBytes: 10_000, namespaceMaxBytes: 100)
        // The other namespace's entries are the oldest of all, and stay: it is under its cap.
        let ids = try ["lib", "lib", "app", "app", "app", "app"].enumerated().map { index, namespace in
            // Two protocols in one namespace count together.
            try CacheEntryID(index == 5 ? .ccache : .gradle, namespace: namespace, key: "entry\(index)")
        }
        try await cache.storeEach(ids, bytes: 30)
        #expect(await evictor.evictOnce() == 1)
        #expect(try await cache.kept(ids).map(\.key) == ["entry0", "entry1", "entry3", "entry4", "entry5"])
        #expect(await evictor.evictOnce() == 0)
    }
}
