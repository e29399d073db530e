import Core
import DI
import Store

/// Registers the database and the store protocols the services depend on.
///
/// The database is an eager singleton: a file that cannot be opened (not a database, a
/// newer schema) fails start-up with its own message, before the server listens.
struct StoreModule: DIModule {
    func register(in builder: inout ContainerBuilder) {
        builder.register(AppDatabase.self, .eagerSingleton) { (configuration: ServerConfiguration, clock: any TimeSource) throws in
            try AppDatabase.open(path: configuration.databasePath, clock: clock, presenceWindow: configuration.leaseSeconds)
        }
        // One database serves every store protocol today; PostgreSQL would register its own.
        builder.register((any RepositoryStore).self, .singleton) { (database: AppDatabase) -> any RepositoryStore in database }
        builder.register((any TokenStore).self, .singleton) { (database: AppDatabase) -> any TokenStore in database }
        builder.register((any AuditLog).self, .singleton) { (database: AppDatabase) -> any AuditLog in database }
    }
}
