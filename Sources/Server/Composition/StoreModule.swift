import Core
import DI
import Logging
import Store

/// Registers the database and the store protocols the services depend on.
///
/// The database is an eager singleton: a file that cannot be opened (not a database, a
/// newer schema) or a PostgreSQL server that cannot be reached fails start-up with its own
/// message, before the server listens. One database serves every store protocol; each
/// module registers the protocols its services use from it.
struct StoreModule: DIModule {
    func register(in builder: inout ContainerBuilder) {
        builder.register((any StoreDatabase).self, .eagerSingleton) { (configuration: ServerConfiguration, clock: any TimeSource, logger: Logger) async throws -> any StoreDatabase in
            try await configuration.database.open(clock: clock, presenceWindow: configuration.leaseSeconds, logger: logger)
        }
        builder.register(ClusterCoordination.self, .singleton) { (database: any StoreDatabase, logger: Logger) -> ClusterCoordination in
            database.clusterCoordination(logger: logger)
        }
        builder.register((any ClusterSignals).self, .singleton) { (coordination: ClusterCoordination) -> any ClusterSignals in coordination.signals }
        builder.register((any RepositoryStore).self, .singleton) { (database: any StoreDatabase) -> any RepositoryStore in database }
        builder.register((any TokenStore).self, .singleton) { (database: any StoreDatabase) -> any TokenStore in database }
        builder.register((any AuditLog).self, .singleton) { (database: any StoreDatabase) -> any AuditLog in database }
    }
}
