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
        let directory = try TemporaryDirectory("build-cache")
        defer { directory.remove() }
        let store = MemoryCacheStatsStore()
        let clock = ManualClock(at: Date(timeIntervalSince1970: 1_800_000_000))
        let storage = FolderCacheStorage(directory: directory.path, minimumFreeBytes: 0)
        let activity = CacheActivity(store: store, clock: clock, logger: Logger(label: "test"))
        let told = Told()
        let evictor = CacheEvictor(storage: storage, activity: activity, store: store, maxBytes: 100, clock: clock, logger: Logger(label: "test")) { id in
            told.keys.withLock { $0.append(id.key) }
        }
        var ids: [CacheEntryID] = []
        for index in 0..<5 {
            let id = try CacheEntryID(.gradle, namespace: "app", key: "entry\(index)")
            let size = try await storage.store(id, body: Uploads.body([String(repeating: "x", count: 30)]), declaredSize: 30)
            activity.stored(id, size: size)
            ids.append(id)
            clock.advance(by: 60)
        }
        // Entry 0, the oldest upload, was read last: it is the most recently used.
        activity.hit(ids[0], size: 30, bytesSent: 30)
        #expect(await evictor.evictOnce() == 2)
        var kept: [String] = []
        for id in ids {
            if try await storage.size(of: id) != nil { kept.append(id.key) }
        }
        #expect(kept == ["entry0", "entry3", "entry4"])
        #expect(told.keys.withLock { $0 } == ["entry1", "entry2"], "each eviction is told (the server's Prometheus counter)")
        let statistics = try await store.cacheStatistics()
        #expect(statistics.map(\.evictions) == [2])
        #expect(statistics.map(\.entryBytes) == [90])
        // Under the cap: nothing more goes.
        #expect(await evictor.evictOnce() == 0)
    }

    @Test("before an XCRemoteCache artifact goes, its namespace's metas go (a consumer would download the missing artifact's 404); markers and other namespaces stay")
    func metasGoBeforeTheirArtifact() async throws {
        let directory = try TemporaryDirectory("build-cache")
        defer { directory.remove() }
        let store = MemoryCacheStatsStore()
        let clock = ManualClock(at: Date(timeIntervalSince1970: 1_800_000_000))
        let storage = FolderCacheStorage(directory: directory.path, minimumFreeBytes: 0)
        let activity = CacheActivity(store: store, clock: clock, logger: Logger(label: "test"))
        let evictor = CacheEvictor(storage: storage, activity: activity, store: store, maxBytes: 100, clock: clock, logger: Logger(label: "test"))
        // The artifact is the least recently used entry; the metas naming it were stored after it.
        let entries = [
            ("ios", "file/a.zip"), ("ios", "meta/c1-App.json"), ("ios", "meta/c1-Lib.json"), ("ios", "marker/c1"), ("mac", "meta/c1-App.json"),
            ("ios", "file/b.zip"),
        ]
        var ids: [CacheEntryID] = []
        for (namespace, key) in entries {
            let id = try CacheEntryID(.xcode, namespace: namespace, key: key)
            let size = try await storage.store(id, body: Uploads.body([String(repeating: "x", count: 20)]), declaredSize: 20)
            activity.stored(id, size: size)
            ids.append(id)
            clock.advance(by: 60)
        }
        // 120 bytes: the artifact alone would leave 100, its first meta 80; the second meta goes with it.
        #expect(await evictor.evictOnce() == 3)
        var kept: [String] = []
        for id in ids {
            if try await storage.size(of: id) != nil { kept.append("\(id.namespace) \(id.key)") }
        }
        #expect(kept == ["ios marker/c1", "mac meta/c1-App.json", "ios file/b.zip"])
        let statistics = try await store.cacheStatistics()
        #expect(statistics.map { "\($0.namespace) \($0.evictions) \($0.entryBytes)" } == ["ios 3 40", "mac 0 20"])
        #expect(await evictor.evictOnce() == 0)
    }

    @Test("past a namespace's cap only that namespace's least recently used entries go, down to 90 % of it")
    func evictsWithinANamespace() async throws {
        let directory = try TemporaryDirectory("build-cache")
        defer { directory.remove() }
        let store = MemoryCacheStatsStore()
        let clock = ManualClock(at: Date(timeIntervalSince1970: 1_800_000_000))
        let storage = FolderCacheStorage(directory: directory.path, minimumFreeBytes: 0)
        let activity = CacheActivity(store: store, clock: clock, logger: Logger(label: "test"))
        let evictor = CacheEvictor(
            storage: storage, activity: activity, store: store, maxBytes: 10_000, namespaceMaxBytes: 100, clock: clock, logger: Logger(label: "test"))
        var ids: [CacheEntryID] = []
        // The other namespace's entries are the oldest of all, and stay: it is under its cap.
        for (index, namespace) in ["lib", "lib", "app", "app", "app", "app"].enumerated() {
            // Two protocols in one namespace count together.
            let id = try CacheEntryID(index == 5 ? .ccache : .gradle, namespace: namespace, key: "entry\(index)")
            let size = try await storage.store(id, body: Uploads.body([String(repeating: "x", count: 30)]), declaredSize: 30)
            activity.stored(id, size: size)
            ids.append(id)
            clock.advance(by: 60)
        }
        #expect(await evictor.evictOnce() == 1)
        var kept: [String] = []
        for id in ids {
            if try await storage.size(of: id) != nil { kept.append(id.key) }
        }
        #expect(kept == ["entry0", "entry1", "entry3", "entry4", "entry5"])
        #expect(await evictor.evictOnce() == 0)
    }
}
