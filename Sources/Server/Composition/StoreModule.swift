import Core
import DI
import Logging
import Store

/// Wires `Store`: the database, cluster coordination and every store protocol the services
/// depend on.
///
/// The database is an eager singleton: a file that cannot be opened (not a database, a
/// newer schema) or a PostgreSQL server that cannot be reached fails start-up with its own
/// message, before the server listens. One database serves every store protocol, so each
/// protocol is registered here once, as that database.
struct StoreModule: DIModule {
    func register(in builder: inout ContainerBuilder) {
        builder.register((any StoreDatabase).self, .eagerSingleton) { (configuration: ServerConfiguration, clock: any TimeSource, logger: Logger) async throws -> any StoreDatabase in
            try await configuration.database.open(clock: clock, presenceWindow: configuration.leaseSeconds, logger: logger)
        }
        builder.register(ClusterCoordination.self, .singleton) { (database: any StoreDatabase, logger: Logger) -> ClusterCoordination in
            database.clusterCoordination(logger: logger)
        }
        builder.register((any ClusterSignals).self, .singleton) { (coordination: ClusterCoordination) -> any ClusterSignals in coordination.signals }

        // MARK: Protocols (one database serves them all)
        builder.register((any RepositoryStore).self, .singleton) { (database: any StoreDatabase) -> any RepositoryStore in database }
        builder.register((any TokenStore).self, .singleton) { (database: any StoreDatabase) -> any TokenStore in database }
        builder.register((any AuditLog).self, .singleton) { (database: any StoreDatabase) -> any AuditLog in database }
        builder.register((any BuildStore).self, .singleton) { (database: any StoreDatabase) -> any BuildStore in database }
        builder.register((any JobQueue).self, .singleton) { (database: any StoreDatabase) -> any JobQueue in database }
        builder.register((any DeliveryStore).self, .singleton) { (database: any StoreDatabase) -> any DeliveryStore in database }
        builder.register((any AgentStore).self, .singleton) { (database: any StoreDatabase) -> any AgentStore in database }
        builder.register((any DeviceStore).self, .singleton) { (database: any StoreDatabase) -> any DeviceStore in database }
        builder.register((any DeviceRunStore).self, .singleton) { (database: any StoreDatabase) -> any DeviceRunStore in database }
        builder.register((any MutedTestStore).self, .singleton) { (database: any StoreDatabase) -> any MutedTestStore in database }
        builder.register((any CacheStatsStore).self, .singleton) { (database: any StoreDatabase) -> any CacheStatsStore in database }
        builder.register((any ScheduleStore).self, .singleton) { (database: any StoreDatabase) -> any ScheduleStore in database }
        builder.register((any OperationsStore).self, .singleton) { (database: any StoreDatabase) -> any OperationsStore in database }
        builder.register((any UITestStore).self, .singleton) { (database: any StoreDatabase) -> any UITestStore in database }
        builder.register((any ArtifactStore).self, .singleton) { (database: any StoreDatabase) -> any ArtifactStore in database }
        builder.register((any OutboxStore).self, .singleton) { (database: any StoreDatabase) -> any OutboxStore in database }
        builder.register((any BuildMetricsStore).self, .singleton) { (database: any StoreDatabase) -> any BuildMetricsStore in database }
        builder.register((any NotableEventStore).self, .singleton) { (database: any StoreDatabase) -> any NotableEventStore in database }
        builder.register((any TestHistoryStore).self, .singleton) { (database: any StoreDatabase) -> any TestHistoryStore in database }
        builder.register((any FindingStore).self, .singleton) { (database: any StoreDatabase) -> any FindingStore in database }
        builder.register((any ReleaseStore).self, .singleton) { (database: any StoreDatabase) -> any ReleaseStore in database }
    }
}
