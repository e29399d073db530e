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
        var builder = ContainerBuilder()
        builder.install([ConfigurationModule(configuration: configuration, logger: logger), StoreModule(), AccessModule()])
        builder.entryPoint(TokenService.self)
        let container: Container
        do {
            container = try await builder.build()
        } catch {
            throw StartupError(message: "cannot open the database:\n\(error.report)")
        }
        do {
            let token = try await container.resolve(TokenService.self).resetAdmin(actor: "system:reset-admin-token")
            await container.shutdown()
            return token
        } catch {
            await container.shutdown()
            throw StartupError(message: "cannot reset the admin token: \(error)")
        }
    }
}
