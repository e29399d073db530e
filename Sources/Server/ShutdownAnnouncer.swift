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
    /// The service group `MobileOpsServer.run` serves with: the application, then the
    /// announcer, stopped gracefully by SIGTERM or SIGINT.
    static func group(running application: some Service, logger: Logger) -> ServiceGroup {
        ServiceGroup(configuration: .init(
            services: [.init(service: application), .init(service: ShutdownAnnouncer(logger: logger))],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        ))
    }
}
