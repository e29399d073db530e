import ArgumentParser
import Core
import Foundation
import Logging
import Server

/// The settings every `mobile-ops-server` command shares; each flag falls back to its
/// environment variable, then to its default.
struct ServerOptions: ParsableArguments {
    @Option(help: "Address to listen on (MOBILE_OPS_HOST, default 127.0.0.1).")
    var host: String?
    @Option(help: "Port to listen on (MOBILE_OPS_PORT, default 8080).")
    var port: String?
    @Option(help: "SQLite database file, or a postgres:// URL for PostgreSQL (MOBILE_OPS_DATABASE, default .mobile-ops/mobile-ops.sqlite).")
    var database: String?
    @Option(help: "Pipeline definitions folder (MOBILE_OPS_PIPELINES, default pipelines/).")
    var pipelines: String?
    @Option(help: "Admin token to install (MOBILE_OPS_ADMIN_TOKEN); one is generated and printed once when unset.")
    var adminToken: String?
    @Option(help: "trace, debug, info, notice, warning, error or critical (MOBILE_OPS_LOG_LEVEL, default info).")
    var logLevel: String?
    @Option(help: "Largest request body in bytes (MOBILE_OPS_MAX_BODY_BYTES, default 5242880).")
    var maxBodySize: String?
    @Option(help: "Seconds without a heartbeat before an agent's job is lost (MOBILE_OPS_LEASE_SECONDS, default 60).")
    var leaseSeconds: String?

    /// The flags and the environment resolved into one configuration.
    /// - Throws: `ValidationError` naming the bad flag or variable.
    func resolve() throws -> ServerConfiguration {
        var flags = ServerConfiguration.Flags()
        flags.host = host
        flags.port = port
        flags.database = database
        flags.pipelines = pipelines
        flags.adminToken = adminToken
        flags.logLevel = logLevel
        flags.maxBodySize = maxBodySize
        flags.leaseSeconds = leaseSeconds
        do {
            return try ServerConfiguration.resolve(flags: flags, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// Sends log lines at `level` and above to standard error; call once per process.
    static func bootstrapLogging(level: Logger.Level) -> Logger {
        LoggingSystem.bootstrap { label in DeferredMetadataLogHandler(label: label, level: level) }
        return Logger(label: "mobile-ops")
    }
}
