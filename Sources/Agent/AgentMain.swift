import ChildProcesses
import Dispatch
import Foundation
import HTTPClient
import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - AgentMain

/// What the `mobile-ops-agent` executable does, kept here so the executable stays thin:
/// logging to stderr, one HTTP client, the runner, and SIGTERM/SIGINT handling.
public enum AgentMain {
    /// Sends swift-log output to stderr at `level` (`trace` … `critical`; default `info`).
    public static func bootstrapLogging(level: String?) throws(AgentConfigurationError) {
        let parsed: Logger.Level
        if let level {
            guard let known = Logger.Level(rawValue: level.lowercased()) else {
                throw .invalid("log level \(level.debugDescription) is not one of trace, debug, info, notice, warning, error, critical")
            }
            parsed = known
        } else {
            parsed = .info
        }
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = parsed
            return handler
        }
    }

    /// Runs the agent until SIGTERM or SIGINT (then stops polling, kills running jobs'
    /// processes and returns), or until the server refuses the registration (throws).
    public static func run(configuration: AgentConfiguration) async throws {
        try configuration.validate()
        let logger = Logger(label: "mobile-ops-agent")
        let client = HTTPClient(configuration: .init(userAgent: "mobile-ops-agent/\(configuration.version)"))
        let runner = AgentRunner(configuration: configuration, client: client, logger: logger)
        let task = Task { try await runner.run() }
        let sources = Self.onTerminationSignal { signal in
            logger.notice("received signal \(signal); shutting down")
            task.cancel()
        }
        let result = await task.result
        for source in sources { source.cancel() }
        await client.shutdown()
        try result.get()
    }

    // MARK: Signals

    /// Replaces the default action of SIGTERM and SIGINT with `handler` (children get the
    /// default back, see ``ProcessGroup``); keep the returned sources alive.
    static func onTerminationSignal(_ handler: @escaping @Sendable (Int32) -> Void) -> [any DispatchSourceSignal] {
        [SIGTERM, SIGINT].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }
}
