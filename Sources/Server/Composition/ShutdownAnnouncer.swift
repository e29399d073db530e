import Logging
import ServiceLifecycle
import UnixSignals

/// Logs, at info, the moment a graceful shutdown starts (SIGTERM or SIGINT).
///
/// ServiceLifecycle notes the signal only at debug, so an operator pressing Ctrl-C saw
/// nothing until the server had stopped, and could not tell a slow shutdown from a hung
/// one. It runs last in the server's service group: the group signals services in reverse
/// order, so this one hears of the shutdown first, before the HTTP server starts
/// draining its connections. It also arms the shutdown's deadline, if any.
struct ShutdownAnnouncer: Service {
    let logger: Logger
    var deadline: ShutdownDeadline?

    func run() async throws {
        // Sleeps until the shutdown, and ends then so the group moves on at once.
        try? await gracefulShutdown()
        deadline?.arm()
        logger.info("shutdown requested: no new connections; parked agent polls are answered 204; finishing requests in flight")
    }
}

extension ShutdownAnnouncer {
    /// How long a graceful shutdown may take before what is left is cancelled. Parked agent
    /// polls are answered at once; requests in flight get these 22 s.
    static let gracePeriod = Duration.seconds(22)

    /// How long cancelled services may take to return before the process exits anyway
    /// (``ShutdownDeadline``). With ``gracePeriod``, 25 s from the signal to the end: shorter
    /// than every grace period in deploy/ (30 s in the systemd unit and compose.sqlite.yaml,
    /// 40 s in compose.yaml, 60 s in Kubernetes), so the server ends by itself, never by SIGKILL.
    static let cancellationAllowance = Duration.seconds(3)

    /// The service group `MobileOpsServer.run` serves with: the application, then the
    /// announcer, stopped gracefully by SIGTERM or SIGINT, and cancelled after ``gracePeriod``;
    /// the announcer arms `deadline` when the shutdown starts.
    static func group(
        running application: some Service, logger: Logger, gracePeriod: Duration = gracePeriod, deadline: ShutdownDeadline? = nil
    ) -> ServiceGroup {
        var configuration = ServiceGroupConfiguration(
            services: [.init(service: application), .init(service: ShutdownAnnouncer(logger: logger, deadline: deadline))],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger
        )
        configuration.maximumGracefulShutdownDuration = gracePeriod
        return ServiceGroup(configuration: configuration)
    }
}
