import Access
import BuildCache
import Core
import DI
import Foundation
import Logging
import Store

/// Registers the remote build cache (`BuildCache`): its storage (a folder, or the bucket
/// `MOBILE_OPS_CACHE=s3://…` names), the counts batched for the store, the service that writes
/// them, the one that evicts past the size caps, the one that sweeps what a stopped server
/// left, the cap on namespaces, the copies of small entries, and the jobs' cache credentials. Its `/cache/` routes are contributed with the other controllers (`ServerModule`).
struct BuildCacheModule: DIModule {
    func register(in builder: inout ContainerBuilder) {
        builder.register(RecentSmallEntries.self, .singleton, RecentSmallEntries.init(clock:))
        // Every part of the server that reads or changes entries goes through the one that
        // remembers small ones, so that what it remembers stays what the storage holds.
        builder.register((any CacheStorage).self, .singleton) {
            (configuration: ServerConfiguration, memory: RecentSmallEntries, logger: Logger) -> any CacheStorage in
            let cache = configuration.cache
            let storage: any CacheStorage
            if let settings = cache.s3 {
                // Uploads are staged on this server's disk, beside the database, before their PUT.
                let staging = URL(fileURLWithPath: configuration.databasePath).deletingLastPathComponent().appendingPathComponent("cache-incoming").path
                storage = S3CacheStorage(
                    settings: settings, stagingFolder: staging, maxEntrySize: cache.maxEntrySize, minimumFreeBytes: cache.minimumFreeBytes, logger: logger)
            } else {
                storage = FolderCacheStorage(
                    directory: cache.directory(databasePath: configuration.databasePath), maxEntrySize: cache.maxEntrySize,
                    minimumFreeBytes: cache.minimumFreeBytes)
            }
            logger.info("build cache storage", metadata: ["location": "\(storage)"])
            return RememberingCacheStorage(storage, memory: memory)
        }
        builder.register(CacheActivity.self, .singleton, CacheActivity.init(store:clock:logger:))
        builder.register(CacheActivityFlusher.self, .singleton) { (activity: CacheActivity, clock: any TimeSource) -> CacheActivityFlusher in
            CacheActivityFlusher(activity: activity, clock: clock)
        }
        builder.entryPoint(CacheActivityFlusher.self)
        builder.register(CacheEvictor.self, .singleton) {
            (storage: any CacheStorage, activity: CacheActivity, store: any CacheStatsStore, configuration: ServerConfiguration, clock: any TimeSource,
             logger: Logger, metrics: ServerMetrics) -> CacheEvictor in
            CacheEvictor(
                storage: storage, activity: activity, store: store, maxBytes: configuration.cache.maxBytes,
                namespaceMaxBytes: configuration.cache.namespaceMaxBytes, clock: clock, logger: logger
            ) { metrics.cacheEvicted(protocol: $0.protocol.rawValue, namespace: $0.namespace) }
        }
        builder.entryPoint(CacheEvictor.self)
        builder.register(CacheSweeper.self, .singleton) {
            (storage: any CacheStorage, activity: CacheActivity, store: any CacheStatsStore, coordination: ClusterCoordination, clock: any TimeSource,
             logger: Logger) -> CacheSweeper in
            CacheSweeper(storage: storage, activity: activity, store: store, leadership: coordination.leadership, clock: clock, logger: logger)
        }
        builder.entryPoint(CacheSweeper.self)
        builder.register(CacheNamespaceGate.self, .singleton) {
            (configuration: ServerConfiguration, store: any CacheStatsStore, activity: CacheActivity, clock: any TimeSource, logger: Logger)
                -> CacheNamespaceGate in
            CacheNamespaceGate(maxNamespaces: configuration.cache.maxNamespaces, store: store, activity: activity, clock: clock, logger: logger)
        }
        builder.register(JobCacheCredentials.self, .singleton) {
            (keys: any CacheStatsStore, builds: any BuildStore, repositories: any RepositoryStore, clock: any TimeSource) -> JobCacheCredentials in
            JobCacheCredentials(keys: keys, builds: builds, repositories: repositories, clock: clock)
        }
    }
}
