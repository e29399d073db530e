import Core
import Foundation
import Logging
import TestSupport
@testable import BuildCache

/// A folder-backed build cache on a manual clock, as the eviction and sweep tests set it up:
/// the storage in a temporary folder (no free-space floor), an in-memory stats store, and the
/// activity that records hits and uploads into it.
struct FolderCacheBench {
    /// The folder the storage keeps its entries and staged uploads in.
    let directory: TemporaryDirectory
    let store = MemoryCacheStatsStore()
    let clock: ManualClock
    let storage: FolderCacheStorage
    let activity: CacheActivity
    let logger = Logger(label: "test")

    /// A bench whose clock starts at `now`.
    init(at now: Date = Date(timeIntervalSince1970: 1_800_000_000)) throws {
        directory = try TemporaryDirectory("build-cache")
        clock = ManualClock(at: now)
        storage = FolderCacheStorage(directory: directory.path, minimumFreeBytes: 0)
        activity = CacheActivity(store: store, clock: clock, logger: logger)
    }

    /// Removes the folder and all it holds.
    func remove() { directory.remove() }

    /// An evictor over this cache under the caps given, telling `onEviction` of each entry it removes.
    func evictor(
        maxBytes: Int64, namespaceMaxBytes: Int64? = nil, onEviction: @escaping @Sendable (CacheEntryID) -> Void = { _ in }
    ) -> CacheEvictor {
        CacheEvictor(
            storage: storage, activity: activity, store: store, maxBytes: maxBytes, namespaceMaxBytes: namespaceMaxBytes, clock: clock,
            logger: logger, onEviction: onEviction)
    }

    /// Uploads `bytes` bytes under each of `ids` in turn, a minute apart, each upload recorded.
    func storeEach(_ ids: [CacheEntryID], bytes: Int) async throws {
        for id in ids {
            let size = try await storage.store(id, body: Uploads.body([String(repeating: "x", count: bytes)]), declaredSize: Int64(bytes))
            activity.stored(id, size: size)
            clock.advance(by: 60)
        }
    }

    /// Those of `ids` the storage still holds, in order.
    func kept(_ ids: [CacheEntryID]) async throws -> [CacheEntryID] {
        var kept: [CacheEntryID] = []
        for id in ids where try await storage.size(of: id) != nil { kept.append(id) }
        return kept
    }
}
