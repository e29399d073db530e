import ArgumentParser
import Core
import Foundation
import Logging
import Server

/// The options of the commands that work on the database directly, with no server running
/// (`reset-admin-token`, `rotate-secrets-key`): where the database is, and how much to log.
struct DatabaseCommandOptions: ParsableArguments {
    @Option(help: "SQLite database file or postgres:// URL (MOBILE_OPS_DATABASE, default .mobile-ops/mobile-ops.sqlite).")
    var database: String?
    @Option(help: "trace, debug, info, notice, warning, error or critical (MOBILE_OPS_LOG_LEVEL, default warning here).")
    var logLevel: String?

    /// The server's configuration from these flags and the environment.
    /// - Throws: `ValidationError` naming what the flags or environment got wrong.
    func configuration() throws -> ServerConfiguration {
        var flags = ServerConfiguration.Flags()
        flags.database = database
        flags.logLevel = logLevel
        do {
            return try ServerConfiguration.resolve(flags: flags, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// Logging set up quietly: the command's answer is its output; warnings and errors still
    /// reach standard error.
    func bootstrapLogging(_ configuration: ServerConfiguration) -> Logger {
        ServerOptions.bootstrapLogging(level: max(configuration.logLevel, .warning))
    }
}
