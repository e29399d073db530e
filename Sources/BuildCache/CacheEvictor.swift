import Core
import Logging
import ServiceLifecycle
import Store

/// Keeps the build cache under its size caps: once a minute, when the kept entries' bytes
/// exceed the cache's cap (`MOBILE_OPS_CACHE_MAX_BYTES`), or one namespace's bytes (in every
/// protocol together) exceed the per-namespace cap (`MOBILE_OPS_CACHE_NAMESPACE_MAX_BYTES`),
/// the least recently used entries (of the namespace, for its cap) are deleted until they
/// are under 90 % of it. In the background, never on a request's path. Before an XCRemoteCache
/// artifact (`file/`) goes, its namespace's metas go, so no consumer is sent to it.
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
    private let onEviction: @Sendable (CacheEntryID) -> Void

    /// Entries read from the store at a time.
    static let page = 500

    /// Evicts from `storage` to stay under `maxBytes` in all and `namespaceMaxBytes` per
    /// namespace, checking every `interval` on `clock`; `onEviction` is told of each entry
    /// evicted (the server counts it in Prometheus).
    public init(
        storage: any CacheStorage, activity: CacheActivity, store: any CacheStatsStore, maxBytes: Int64, namespaceMaxBytes: Int64? = nil,
        interval: Duration = .seconds(60), clock: any TimeSource, logger: Logger, onEviction: @escaping @Sendable (CacheEntryID) -> Void = { _ in }
    ) {
        self.storage = storage
        self.activity = activity
        self.store = store
        self.maxBytes = maxBytes
        self.namespaceMaxBytes = namespaceMaxBytes
        self.interval = interval
        self.clock = clock
        self.logger = logger
        self.onEviction = onEviction
    }

    /// Checks until graceful shutdown.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await clock.sleep(for: interval)
                // Shutdown ends the sleep early: no pass then, whose store calls would only fail.
                guard !Task.isCancelled else { break }
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
        var metasGone: [String: Set<String>] = [:]
        if let namespaceMaxBytes {
            var perNamespace: [String: Int64] = [:]
            for namespace in statistics { perNamespace[namespace.namespace, default: 0] += namespace.entryBytes }
            for (namespace, bytes) in perNamespace.sorted(by: { $0.key < $1.key }) where bytes > namespaceMaxBytes {
                evicted += await evict(from: bytes, cap: namespaceMaxBytes, namespace: namespace, metasGone: &metasGone)
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
        if total > maxBytes { evicted += await evict(from: total, cap: maxBytes, namespace: nil, metasGone: &metasGone) }
        return evicted
    }

    /// Evicts the least recently used entries (of `namespace`, or of every one) of `total`
    /// bytes until they are under 90 % of `cap`. Returns how many went (with the metas that
    /// went before an XCRemoteCache artifact, which `metasGone` lists by namespace for the pass).
    private func evict(from total: Int64, cap: Int64, namespace: String?, metasGone: inout [String: Set<String>]) async -> Int {
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
            var progressed = false
            for entry in entries where remaining > target {
                remaining -= entry.kept?.size ?? 0
                guard let cacheProtocol = CacheProtocol(rawValue: entry.protocolName),
                      let id = try? CacheEntryID(cacheProtocol, namespace: entry.namespace, key: entry.key)
                else { continue }
                // A meta that went with its namespace's metas earlier in this pass.
                if metasGone[id.namespace]?.contains(id.key) == true, id.protocol == .xcode {
                    progressed = true
                    continue
                }
                if id.protocol == .xcode, id.key.hasPrefix("file/"), metasGone[id.namespace] == nil {
                    guard let metas = await evictMetas(of: id.namespace) else { return evicted }
                    metasGone[id.namespace] = metas
                    evicted += metas.count
                }
                guard let removed = await remove(id) else { return evicted }
                if removed { evicted += 1 }
                progressed = true
            }
            // The next page must not list these again; a store that cannot be written stops the pass.
            guard progressed, await activity.flush() else { break }
        }
        logger.info("build cache evicted its least recently used entries", metadata: [
            "evicted": "\(evicted)", "bytesBefore": "\(total)", "bytesAfter": "\(remaining)", "cap": "\(cap)", "namespace": "\(namespace ?? "(all)")",
        ])
        return evicted
    }

    /// Evicts every XCRemoteCache meta of `namespace`, before one of its artifacts (`file/`)
    /// goes. XCRemoteCache's consumer downloads the artifact a meta names without looking at
    /// the answer's status, so a meta kept after its artifact would hand it a 404's body as
    /// build products; which meta names which artifact is written only inside the metas, so
    /// all of the namespace's go (the producer uploads new ones with its next commit).
    /// - Returns: The keys evicted; nil when the store or the storage failed (logged), and the
    ///   artifact must stay.
    private func evictMetas(of namespace: String) async -> Set<String>? {
        // The store must not list the metas this pass already evicted as LRU entries.
        guard await activity.flush() else { return nil }
        var evicted: Set<String> = []
        var after: String?
        while true {
            let keys: [String]
            do {
                keys = try await store.cacheEntryKeys(protocolName: CacheProtocol.xcode.rawValue, namespace: namespace, prefix: "meta/", after: after, limit: Self.page)
            } catch {
                logger.error("build cache eviction could not read an XCRemoteCache namespace's metas", metadata: ["namespace": "\(namespace)", "error": "\(error)"])
                return nil
            }
            for key in keys {
                guard let id = try? CacheEntryID(.xcode, namespace: namespace, key: key) else { continue }
                guard let removed = await remove(id) else { return nil }
                if removed { evicted.insert(key) }
            }
            guard keys.count == Self.page, let last = keys.last else { break }
            after = last
        }
        logger.info("build cache evicted an XCRemoteCache namespace's metas before one of its artifacts", metadata: [
            "namespace": "\(namespace)", "metas": "\(evicted.count)",
        ])
        return evicted
    }

    /// Deletes `id`'s entry and counts its eviction. An entry the storage no longer has (a
    /// delete on one server flushed before another server's upload of the same key) is not
    /// an eviction: its row is only dropped.
    /// - Returns: Whether an entry was evicted; nil when the storage failed (logged).
    private func remove(_ id: CacheEntryID) async -> Bool? {
        let removed: Bool
        do {
            removed = try await storage.remove(id)
        } catch {
            logger.error("build cache eviction could not delete an entry", metadata: ["entry": "\(id)", "error": "\(error)"])
            return nil
        }
        guard removed else {
            activity.deleted(id)
            return false
        }
        activity.evicted(id)
        onEviction(id)
        return true
    }
}
