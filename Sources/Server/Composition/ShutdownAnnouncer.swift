import Logging
import ServiceLifecycle
import UnixSignals

/// Logs, at info, the moment a graceful shutdown starts (SIGTERM or SIGINT).
///
/// ServiceLifecycle notes the signal only at debug, so an operator pressing Ctrl-C saw
/// nothing until the server had stopped, and could not tell a slow shutdown from a hung
/// one. It runs last in the server's service group: the group signals services in reverse
/// order, so this one hears of the shutdown first, before the HTTP server starts
/// draining its connections.
struct ShutdownAnnouncer: Service {
    let logger: Logger

    func run() async throws {
        // Sleeps until the shutdown, and ends then so the group moves on at once.
        try? await gracefulShutdown()
        logger.info("shutdown requested: no new connections; parked agent polls are answered 204; finishing requests in flight")
    }
}

extension ShutdownAnnouncer {
    /// How long a graceful shutdown may take before what is left is cancelled: shorter than
    /// every grace period in deploy/ (30 s in the systemd unit and compose.sqlite.yaml, 40 s in
    /// compose.yaml, 60 s in Kubernetes), so the server ends by itself rather than by SIGKILL.
    /// Parked agent polls are answered at once; requests in flight get these 25 s.
    static let gracePeriod = Duration.seconds(25)

    /// The service group `MobileOpsServer.run` serves with: the application, then the
    /// announcer, stopped gracefully by SIGTERM or SIGINT, and cancelled after ``gracePeriod``.
    ///
    /// The bound is there because a shutdown was once seen waiting forever after a PostgreSQL
    /// outage, with only the signal channel's and the leader lease's connections left open.
    static func group(running application: some Service, logger: Logger, gracePeriod: Duration = gracePeriod) -> ServiceGroup {
        var configuration = ServiceGroupConfiguration(
            services: [.init(service: application), .init(service: ShutdownAnnouncer(logger: logger))],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        )
        configuration.maximumGracefulShutdownDuration = gracePeriod
        return ServiceGroup(configuration: configuration)
    }
}
