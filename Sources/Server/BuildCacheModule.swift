import BuildCache
import Core
import DI
import Logging
import Store

/// Registers the remote build cache: its folder storage, the counts batched for the store,
/// the service that writes them, the one that evicts past the size cap, and the `/cache/` routes.
struct BuildCacheModule: DIModule {
    func register(in builder: inout ContainerBuilder) {
        builder.register((any CacheStatsStore).self, .singleton) { (database: any StoreDatabase) -> any CacheStatsStore in database }
        builder.register(FolderCacheStorage.self, .singleton) { (configuration: ServerConfiguration, logger: Logger) -> FolderCacheStorage in
            let storage = FolderCacheStorage(
                directory: configuration.cache.directory(databasePath: configuration.databasePath),
                maxEntrySize: configuration.cache.maxEntrySize, minimumFreeBytes: configuration.cache.minimumFreeBytes)
            logger.info("build cache storage", metadata: ["location": "\(storage)"])
            return storage
        }
        builder.register(CacheActivity.self, .singleton, CacheActivity.init(store:clock:logger:))
        builder.register(CacheActivityFlusher.self, .singleton) { (activity: CacheActivity, clock: any TimeSource) -> CacheActivityFlusher in
            CacheActivityFlusher(activity: activity, clock: clock)
        }
        builder.entryPoint(CacheActivityFlusher.self)
        builder.register(CacheEvictor.self, .singleton) {
            (storage: FolderCacheStorage, activity: CacheActivity, store: any CacheStatsStore, configuration: ServerConfiguration, clock: any TimeSource,
             logger: Logger) -> CacheEvictor in
            CacheEvictor(storage: storage, activity: activity, store: store, maxBytes: configuration.cache.maxBytes, clock: clock, logger: logger)
        }
        builder.entryPoint(CacheEvictor.self)
        builder.contribute((any APIController).self, .singleton) {
            (storage: FolderCacheStorage, activity: CacheActivity, statistics: any CacheStatsStore, metrics: ServerMetrics) -> any APIController in
            CacheController(storage: storage, activity: activity, statistics: statistics, metrics: metrics)
        }
    }
}
