import Access
import DI
import Logging

extension MobileOpsServer {
    /// Issues a new bootstrap admin token (revoking earlier bootstrap ones) for the
    /// `reset-admin-token` recovery command to print once.
    ///
    /// Composes only the configuration, the store and `Access` (the token service): it needs
    /// nothing else, so it neither reads the pipelines folder or train files nor warns about
    /// them. On PostgreSQL the revocation reaches running servers at once (cluster signals).
    /// - Throws: `StartupError` when the database cannot be opened or the token not stored.
    public static func resetAdminToken(configuration: ServerConfiguration, logger: Logger) async throws(StartupError) -> String {
        try await withCommandContainer(
            [ConfigurationModule(configuration: configuration, logger: logger), StoreModule(), AccessModule()],
            entryPoint: TokenService.self, failure: "cannot reset the admin token: "
        ) { container in
            try await container.resolve(TokenService.self).resetAdmin(actor: "system:reset-admin-token")
        }
    }

    /// Builds a container of `modules` for one recovery command, runs `work` on it and shuts
    /// the container down whatever happens, so the store closes before the command exits.
    /// - Throws: `StartupError`: "cannot open the database" when the container cannot be built,
    ///   else `failure` followed by what `work` threw.
    static func withCommandContainer<Entry, Result>(
        _ modules: [any DIModule], entryPoint: Entry.Type, failure: String, _ work: (Container) async throws -> Result
    ) async throws(StartupError) -> Result {
        var builder = ContainerBuilder()
        builder.install(modules)
        builder.entryPoint(entryPoint)
        let container: Container
        do {
            container = try await builder.build()
        } catch {
            throw StartupError(message: "cannot open the database:\n\(error.report)")
        }
        do {
            let result = try await work(container)
            await container.shutdown()
            return result
        } catch {
            await container.shutdown()
            throw StartupError(message: failure + "\(error)")
        }
    }
}
