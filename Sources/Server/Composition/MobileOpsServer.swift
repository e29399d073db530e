import Access
import BuildCache
import DI
import Foundation
import Hummingbird
import HummingbirdCore
import Insights
import Logging
import NIOCore
import Notifications
import ReleaseDriver
import Scheduling
import ServiceLifecycle
import Store

/// The composition root: the only code that touches the DI container.
///
/// `compose` registers every module, validates the graph (an invalid graph stops start-up
/// with the container's report), installs a configured admin token and builds the router.
/// `run` serves until SIGTERM or SIGINT, then shuts down gracefully. A generated admin
/// token is made only once the server listens (`generateAdminTokenIfNeeded`): a start that
/// cannot bind must not leave behind a token nobody saw.
public struct MobileOpsServer {
    /// The resolved configuration.
    public let configuration: ServerConfiguration
    /// The validated container.
    public let container: Container
    /// The router with every endpoint.
    public let router: Router<AppRequestContext>
    /// Every endpoint the router serves, with what the OpenAPI document says of each: for
    /// tests and tools that want the document without asking the router for it.
    let routes: [Route]
    private let tokens: TokenService
    /// Answers hits on small cache entries before the router (see ``CacheShortcut``).
    let cacheShortcut: CacheShortcut
    /// Background services that run beside the HTTP server (lease checks, …). A test that
    /// drives their checks by hand may empty the list.
    public var backgroundServices: [any Service]
    private let logger: Logger

    /// The modules every server is made of, in registration order: the process's own values,
    /// then one module per library target the server wires (each in the file named after its
    /// target), then the server's own HTTP side.
    static func modules(configuration: ServerConfiguration, logger: Logger) -> [any DIModule] {
        [
            ConfigurationModule(configuration: configuration, logger: logger), StoreModule(), AccessModule(), HTTPClientModule(),
            GitHostsModule(), PipelinesModule(), SchedulingModule(), SecretsModule(), InsightsModule(), NotificationsModule(), ReleaseDriverModule(),
            ArtifactsModule(), BuildCacheModule(), ServerModule(),
        ]
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
            if let configured = configuration.adminToken, !configured.isEmpty {
                _ = try await tokens.bootstrapAdmin(configured: configured)
            }
            let cacheShortcut = try await container.resolve(CacheShortcut.self)
            let factory = try await container.resolve(RouterFactory.self)
            let routes = factory.routes(extra: [SystemController(graph: container.graph)])
            let router = factory.makeRouter(routes)
            // The outbox runs on every server (its messages are claimed with SKIP LOCKED); the
            // rest must run once per cluster, on the leader.
            let coordination = try await container.resolve(ClusterCoordination.self)
            let onLeader = { (service: any Service) in LeaderOnlyService(service: service, leadership: coordination.leadership) }
            let services: [any Service] = [
                StoreCloser(database: try await container.resolve((any StoreDatabase).self)),
                ClusterSignalRelay(
                    coordination: coordination, dispatcher: try await container.resolve(JobDispatcher.self),
                    followers: try await container.resolve(LogFollowers.self), tokens: tokens,
                    repositories: try await container.resolve(RepositoryService.self), logger: logger,
                    pollInterval: .milliseconds(Int64(configuration.clusterPollSeconds * 1000))),
                onLeader(try await container.resolve(LeaseMonitor.self)),
                try await container.resolve(OutboxService.self),
                onLeader(try await container.resolve(ScheduledBuildService.self)),
                onLeader(try await container.resolve(ReleaseTrainService.self)),
                onLeader(try await container.resolve(BuildMetricsService.self)),
                // Every server deletes from the one shared folder: one evicts for all.
                onLeader(try await container.resolve(CacheEvictor.self)),
                // On every server: a bucket's uploads are staged on each server's own disk. It
                // sweeps a folder's unrecorded entries only while this server leads.
                try await container.resolve(CacheSweeper.self),
                // After the store's closer, so it stops first: its last flush still has the store.
                try await container.resolve(CacheActivityFlusher.self),
            ]
            return MobileOpsServer(
                configuration: configuration, container: container, router: router, routes: routes, tokens: tokens, cacheShortcut: cacheShortcut,
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
        let headerTimeout = TimeAmount.nanoseconds(Int64(configuration.headerTimeoutSeconds * 1_000_000_000))
        let cacheShortcut = self.cacheShortcut
        let http1 = HTTP1Channel.Configuration(
            // `100 Continue` goes out only when a route accepts the upload. Early answers (413,
            // 400) close their connection instead of stalling it; a first request head not
            // complete in time (slowloris) closes it too. A client that leaves is noticed, so a
            // long poll does not hand it a job. A hit on a small cache entry read lately is
            // answered from memory before the router.
            additionalChannelHandlers: [
                ExpectContinue(), EarlyResponseCloser(), HeaderReadTimeout(timeout: headerTimeout), ClientDisconnectHandler(),
                CacheShortcutHandler.Installer(shortcut: cacheShortcut),
            ],
            // Counts only decoded request parts and never fires while a read request is being
            // answered, so a long poll or a streamed response outlives it.
            idleTimeout: .nanoseconds(Int64(configuration.idleTimeoutSeconds * 1_000_000_000)),
            httpDecoderConfiguration: Self.headerLimits
        )
        return Application(
            router: router,
            server: .http1(configuration: http1),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: Self.serverName,
                // Beyond the cap the server stops accepting: new clients wait in the backlog.
                availableConnectionsDelegate: MaximumAvailableConnections(configuration.maxConnections)
            ),
            services: backgroundServices,
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
            logger: logger
        )
    }

    /// The `Server` header of every response.
    static let serverName = "mobile-ops"

    /// Limits NIO's HTTP/1 decoder enforces on a request head. Past them the decoder fails
    /// and NIO's protocol error handler answers a bare `400 Bad Request` (no body, not 431)
    /// and closes the connection; `SlowClientTests.headerLimits` pins this.
    static let headerLimits = HTTP1Channel.Configuration.DecoderConfiguration(
        maxHeaderFieldSize: 32 * 1024, maxHeaderListSize: 64 * 1024, maxHeaderFieldCount: 100
    )

    /// Serves until SIGTERM/SIGINT, then releases every service.
    ///
    /// A shutdown ends within 25 s of the signal: what is left after the grace period (22 s)
    /// is cancelled, and a process still running 3 s after that logs the services that are
    /// still running and exits with status 4.
    ///
    /// Once the server listens, and only then, an admin token is generated when none is
    /// configured and no active one exists, and handed to `onAdminTokenGenerated` to print
    /// once: a start that cannot bind must not leave behind a token nobody saw.
    /// - Throws: `StartupError` naming the address and the settings to change when the
    ///   address cannot be bound (port taken, no permission, unknown address).
    public func run(
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in },
        onAdminTokenGenerated: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws {
        let tokens = self.tokens
        let configured = configuration.adminToken.map { !$0.isEmpty } ?? false
        let logger = self.logger
        // Each service notes when it runs, so a shutdown that does not finish can say what it waits for.
        let roster = ServiceRoster()
        var watched = self
        watched.backgroundServices = backgroundServices.map { roster.watching($0) }
        let deadline = ShutdownDeadline(
            limit: ShutdownAnnouncer.gracePeriod + ShutdownAnnouncer.cancellationAllowance, roster: roster, logger: logger,
            overrun: ShutdownDeadline.exitProcess)
        defer { deadline.disarm() }
        let application = watched.makeApplication { port in
            await onServerRunning(port)
            guard !configured else { return }
            do {
                if let token = try await tokens.bootstrapAdmin(configured: nil) { onAdminTokenGenerated(token) }
            } catch {
                logger.error("could not generate an admin token; run 'mobile-ops-server reset-admin-token'", metadata: ["error": "\(error)"])
            }
        }
        do {
            let http = roster.watching(application, as: "HTTP server (whose group runs the services before it)")
            try await ShutdownAnnouncer.group(running: http, logger: logger, deadline: deadline).run()
        } catch let error as IOError {
            // Only binding does socket I/O that can fail the whole server; the rest is per connection.
            await container.shutdown()
            let reason = String(cString: strerror(error.errnoCode))
            throw StartupError(message: """
                cannot listen on \(configuration.host):\(configuration.port): \(reason) (errno \(error.errnoCode)). \
                Choose another port with --port or MOBILE_OPS_PORT (or the address with --host or MOBILE_OPS_HOST), \
                or stop the process using it.
                """)
        }
        await container.shutdown()
        logger.info("server stopped")
    }

    /// Generates an admin token when none is configured and no active one exists, as `run`
    /// does once the server listens; for tests and tools that do not bind.
    /// - Returns: The token's value, or nil when an admin token already exists.
    public func generateAdminTokenIfNeeded() async throws(StoreError) -> String? {
        if let configured = configuration.adminToken, !configured.isEmpty { return nil }
        return try await tokens.bootstrapAdmin(configured: nil)
    }

    /// Releases every service without serving (for commands that only compose).
    public func shutdown() async {
        await container.shutdown()
    }

}

/// Why the server could not start, as a report to print.
public struct StartupError: Error, Sendable, CustomStringConvertible {
    /// The report.
    public var message: String
    /// The report.
    public var description: String { message }
}
