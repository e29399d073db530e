import BuildCache
import Core
import DI
import Logging
import Store

/// Registers the remote build cache (`BuildCache`): its folder storage, the counts batched for
/// the store, the service that writes them, and the one that evicts past the size cap. Its
/// `/cache/` routes are contributed with the other controllers (`ServerModule`).
struct BuildCacheModule: DIModule {
    func register(in builder: inout ContainerBuilder) {
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
    }
}
