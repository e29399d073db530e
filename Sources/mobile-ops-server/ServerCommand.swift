import ArgumentParser
import Foundation
import Logging
import Server

/// `mobile-ops-server`: parses flags, resolves the configuration and runs the server.
@main
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mobile-ops-server",
        abstract: "The MobileOps build-orchestration server.",
        discussion: "Every flag falls back to its environment variable, then to its default."
    )

    @Option(help: "Address to listen on (MOBILE_OPS_HOST, default 127.0.0.1).")
    var host: String?
    @Option(help: "Port to listen on (MOBILE_OPS_PORT, default 8080).")
    var port: String?
    @Option(help: "SQLite database file (MOBILE_OPS_DATABASE, default .mobile-ops/mobile-ops.sqlite).")
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

    func run() async throws {
        var flags = ServerConfiguration.Flags()
        flags.host = host
        flags.port = port
        flags.database = database
        flags.pipelines = pipelines
        flags.adminToken = adminToken
        flags.logLevel = logLevel
        flags.maxBodySize = maxBodySize
        flags.leaseSeconds = leaseSeconds
        let configuration: ServerConfiguration
        do {
            configuration = try ServerConfiguration.resolve(flags: flags, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw ValidationError(error.message)
        }

        let level = configuration.logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "mobile-ops")
        do {
            let server = try await MobileOpsServer.compose(configuration: configuration, logger: logger)
            if let token = server.generatedAdminToken {
                // Printed once to stdout (not the log): only its hash is stored.
                FileHandle.standardOutput.write(Data("Generated admin token (shown once, store it now): \(token)\n".utf8))
            }
            try await server.run { port in
                logger.info("listening", metadata: ["host": "\(configuration.host)", "port": "\(port)", "database": "\(configuration.databasePath)"])
            }
        } catch let error as StartupError {
            FileHandle.standardError.write(Data("mobile-ops-server: \(error.message)\n".utf8))
            throw ExitCode(3)
        }
    }
}
