import DI
import Hummingbird
import Logging
import ServiceLifecycle
import Store

/// The composition root: the only code that touches the DI container.
///
/// `compose` registers every module, validates the graph (an invalid graph stops start-up
/// with the container's report), bootstraps the admin token and builds the router. `run`
/// serves until SIGTERM or SIGINT, then shuts down gracefully.
public struct MobileOpsServer {
    /// The resolved configuration.
    public let configuration: ServerConfiguration
    /// The validated container.
    public let container: Container
    /// The router with every endpoint.
    public let router: Router<AppRequestContext>
    /// A freshly generated admin token, when this start created one; print it once.
    public let generatedAdminToken: String?
    /// Background services that run beside the HTTP server (lease checks, …). A test that
    /// drives their checks by hand may empty the list.
    public var backgroundServices: [any Service]
    private let logger: Logger

    /// The modules every server is made of, in registration order.
    static func modules(configuration: ServerConfiguration, logger: Logger) -> [any DIModule] {
        [ConfigurationModule(configuration: configuration, logger: logger), StoreModule(), APIModule(), CILoopModule(), NotificationsModule(), BuildMetricsModule(), ReleaseTrainModule()]
    }

    /// Builds and validates the whole service graph.
    /// - Parameter customize: Last-minute changes to the registrations, e.g. test overrides.
    /// - Throws: `StartupError` with the container's report, or the failing service's error.
    public static func compose(
        configuration: ServerConfiguration,
        logger: Logger,
        customize: (inout ContainerBuilder) -> Void = { _ in }
    ) async throws(StartupError) -> MobileOpsServer {
        var builder = ContainerBuilder()
        builder.install(modules(configuration: configuration, logger: logger))
        customize(&builder)
        do {
            let container = try await builder.build()
            for warning in container.warnings {
                logger.warning("service graph", metadata: ["warning": "\(warning)"])
            }
            let tokens = try await container.resolve(TokenService.self)
            let generated = try tokens.bootstrapAdmin(configured: configuration.adminToken)
            let factory = try await container.resolve(RouterFactory.self)
            let router = factory.makeRouter(extra: [SystemController(graph: container.graph)])
            let services: [any Service] = [
                try await container.resolve(LeaseMonitor.self),
                try await container.resolve(OutboxService.self),
                try await container.resolve(ScheduledBuildService.self),
                try await container.resolve(ReleaseTrainService.self),
                try await container.resolve(BuildMetricsService.self),
            ]
            return MobileOpsServer(
                configuration: configuration, container: container, router: router, generatedAdminToken: generated,
                backgroundServices: services, logger: logger
            )
        } catch let error as ContainerError {
            // A failing eager singleton (say, a database file we must not open) is not a
            // wiring mistake; say which of the two the operator is looking at.
            let onlyStartFailures = error.errors.allSatisfy { $0.kind == .eagerSingletonFailed }
            let heading = onlyStartFailures ? "a service failed to start" : "the service graph is invalid"
            throw StartupError(message: "\(heading):\n\(error.report)")
        } catch let error as ResolutionError {
            throw StartupError(message: "a service failed to start: \(error)")
        } catch {
            throw StartupError(message: "start-up failed: \(error)")
        }
    }

    /// The Hummingbird application serving the router.
    public func makeApplication(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        Application(
            router: router,
            // Early answers (413, 400) close their connection instead of stalling it.
            server: .http1(configuration: .init(additionalChannelHandlers: [EarlyResponseCloser()])),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "mobile-ops"),
            services: backgroundServices,
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
    }

    /// Serves until SIGTERM/SIGINT, then releases every service.
    public func run(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try await makeApplication(onServerRunning: onServerRunning).runService()
        await container.shutdown()
        logger.info("server stopped")
    }
}

/// Why the server could not start, as a report to print.
public struct StartupError: Error, Sendable, CustomStringConvertible {
    /// The report.
    public var message: String
    /// The report.
    public var description: String { message }
}
