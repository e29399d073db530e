import Core
import Logging
import ServiceLifecycle
import Store

/// Keeps the build cache under its size caps: once a minute, when the kept entries' bytes
/// exceed the cache's cap (`MOBILE_OPS_CACHE_MAX_BYTES`), or one namespace's bytes (in every
/// protocol together) exceed the per-namespace cap (`MOBILE_OPS_CACHE_NAMESPACE_MAX_BYTES`),
/// the least recently used entries (of the namespace, for its cap) are deleted until they
/// are under 90 % of it. In the background, never on a request's path.
///
/// The entries' sizes and last accesses come from the store (``CacheStatsStore``), never from
/// listing the folder or the bucket; an entry the store never heard of (its facts lost with a
/// crash) is not counted and not evicted here (``CacheSweeper`` deletes it from a folder). The
/// composition root runs it on one server of a cluster.
public struct CacheEvictor: Service {
    private let storage: any CacheStorage
    private let activity: CacheActivity
    private let store: any CacheStatsStore
    /// The cap, in bytes.
    public let maxBytes: Int64
    /// Each namespace's cap, in bytes; nil for none.
    public let namespaceMaxBytes: Int64?
    private let interval: Duration
    private let clock: any TimeSource
    private let logger: Logger

    /// Entries read from the store at a time.
    static let page = 500

    /// Evicts from `storage` to stay under `maxBytes` in all and `namespaceMaxBytes` per
    /// namespace, checking every `interval` on `clock`.
    public init(
        storage: any CacheStorage, activity: CacheActivity, store: any CacheStatsStore, maxBytes: Int64, namespaceMaxBytes: Int64? = nil,
        interval: Duration = .seconds(60), clock: any TimeSource, logger: Logger
    ) {
        self.storage = storage
        self.activity = activity
        self.store = store
        self.maxBytes = maxBytes
        self.namespaceMaxBytes = namespaceMaxBytes
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
        let statistics: [CacheNamespaceStatistics]
        do {
            statistics = try await store.cacheStatistics()
        } catch {
            logger.error("build cache eviction could not read the cache's size", metadata: ["error": "\(error)"])
            return 0
        }
        var evicted = 0
        if let namespaceMaxBytes {
            var perNamespace: [String: Int64] = [:]
            for namespace in statistics { perNamespace[namespace.namespace, default: 0] += namespace.entryBytes }
            for (namespace, bytes) in perNamespace.sorted(by: { $0.key < $1.key }) where bytes > namespaceMaxBytes {
                evicted += await evict(from: bytes, cap: namespaceMaxBytes, namespace: namespace)
            }
        }
        var total = statistics.reduce(0) { $0 + $1.entryBytes }
        if evicted > 0 {
            // The namespaces' evictions changed the total: read it again once they are written.
            guard await activity.flush() else { return evicted }
            do {
                total = try await store.cacheStatistics().reduce(0) { $0 + $1.entryBytes }
            } catch {
                logger.error("build cache eviction could not read the cache's size", metadata: ["error": "\(error)"])
                return evicted
            }
        }
        if total > maxBytes { evicted += await evict(from: total, cap: maxBytes, namespace: nil) }
        return evicted
    }

    /// Evicts the least recently used entries (of `namespace`, or of every one) of `total`
    /// bytes until they are under 90 % of `cap`. Returns how many went.
    private func evict(from total: Int64, cap: Int64, namespace: String?) async -> Int {
        let target = cap / 10 * 9
        var remaining = total
        var evicted = 0
        while remaining > target {
            let entries: [CacheEntryTouch]
            do {
                entries = try await store.leastRecentlyUsedCacheEntries(limit: Self.page, namespace: namespace)
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
            "evicted": "\(evicted)", "bytesBefore": "\(total)", "bytesAfter": "\(remaining)", "cap": "\(cap)", "namespace": "\(namespace ?? "(all)")",
        ])
        return evicted
    }
}
