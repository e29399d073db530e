import Core
import DI
import Logging
import Scheduling
import Secrets
import Store

/// Wires `Secrets` through the scheduler's `SecretService`: the key from the configuration
/// (its file read at start), and the start-up check.
///
/// The service is an eager singleton: a server whose database holds secrets it cannot open
/// (no key, or another key than they were sealed with) refuses to start, naming the key
/// fingerprints, before it listens.
struct SecretsModule: DIModule {
    func register(in builder: inout ContainerBuilder) {
        builder.register(SecretService.self, .eagerSingleton) {
            (configuration: ServerConfiguration, store: any StoreDatabase, clock: any TimeSource, logger: Logger) async throws -> SecretService in
            let key = try await configuration.secretsKey?.load()
            if let problem = try await SecretService.startupProblem(key: key, store: store) {
                throw SecretsKeyRefusal(message: problem)
            }
            return SecretService(store: store, key: key, clock: clock, logger: logger)
        }
    }
}

/// The server must not start with the secrets key it was given.
struct SecretsKeyRefusal: Error, CustomStringConvertible {
    /// Why, with the key fingerprints.
    var message: String
    var description: String { message }
}
