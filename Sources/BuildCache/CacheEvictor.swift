import Core
import Logging
import ServiceLifecycle
import Store

/// Keeps the build cache under its size cap (`MOBILE_OPS_CACHE_MAX_BYTES`): once a minute,
/// when the kept entries' bytes exceed the cap, the least recently used entries are deleted
/// until they are under 90 % of it. In the background, never on a request's path.
///
/// The entries' sizes and last accesses come from the store (``CacheStatsStore``), not from
/// listing the folder; an entry the store never heard of (its counts lost with a failed flush)
/// is not counted and not evicted. The composition root runs it on one server of a cluster.
public struct CacheEvictor: Service {
    private let storage: FolderCacheStorage
    private let activity: CacheActivity
    private let store: any CacheStatsStore
    /// The cap, in bytes.
    public let maxBytes: Int64
    private let interval: Duration
    private let clock: any TimeSource
    private let logger: Logger

    /// Entries read from the store at a time.
    static let page = 500

    /// Evicts from `storage` to stay under `maxBytes`, checking every `interval` on `clock`.
    public init(
        storage: FolderCacheStorage, activity: CacheActivity, store: any CacheStatsStore, maxBytes: Int64, interval: Duration = .seconds(60),
        clock: any TimeSource, logger: Logger
    ) {
        self.storage = storage
        self.activity = activity
        self.store = store
        self.maxBytes = maxBytes
        self.interval = interval
        self.clock = clock
        self.logger = logger
    }

    /// Checks until graceful shutdown.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await clock.sleep(for: interval)
                await evictOnce()
            }
        }
    }

    /// One pass; public so tests can drive it. Returns how many entries were evicted.
    @discardableResult
    public func evictOnce() async -> Int {
        // The store must know every upload so far, or the totals below would be stale.
        guard await activity.flush() else { return 0 }
        let total: Int64
        do {
            total = try await store.cacheStatistics().reduce(0) { $0 + $1.entryBytes }
        } catch {
            logger.error("build cache eviction could not read the cache's size", metadata: ["error": "\(error)"])
            return 0
        }
        guard total > maxBytes else { return 0 }
        let target = maxBytes / 10 * 9
        var remaining = total
        var evicted = 0
        while remaining > target {
            let entries: [CacheEntryTouch]
            do {
                entries = try await store.leastRecentlyUsedCacheEntries(limit: Self.page)
            } catch {
                logger.error("build cache eviction could not read the entries", metadata: ["error": "\(error)"])
                break
            }
            var evictedThisPage = 0
            for entry in entries where remaining > target {
                remaining -= entry.kept?.size ?? 0
                guard let cacheProtocol = CacheProtocol(rawValue: entry.protocolName),
                      let id = try? CacheEntryID(cacheProtocol, namespace: entry.namespace, key: entry.key)
                else { continue }
                do {
                    _ = try await storage.remove(id)
                } catch {
                    logger.error("build cache eviction could not delete an entry", metadata: ["entry": "\(id)", "error": "\(error)"])
                    return evicted
                }
                activity.evicted(id)
                evicted += 1
                evictedThisPage += 1
            }
            // The next page must not list these again; a store that cannot be written stops the pass.
            guard evictedThisPage > 0, await activity.flush() else { break }
        }
        logger.info("build cache evicted its least recently used entries", metadata: [
            "evicted": "\(evicted)", "bytesBefore": "\(total)", "bytesAfter": "\(remaining)", "cap": "\(maxBytes)",
        ])
        return evicted
    }
}
