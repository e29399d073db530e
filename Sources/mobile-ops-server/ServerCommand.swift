import ArgumentParser
import Foundation
import Logging
import Server

/// `mobile-ops-server`: runs the server (the default) or a maintenance command.
@main
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mobile-ops-server",
        abstract: "The MobileOps build-orchestration server.",
        discussion: "Every flag falls back to its environment variable, then to its default.",
        subcommands: [ServeCommand.self, ResetAdminTokenCommand.self, MigrateDataCommand.self],
        defaultSubcommand: ServeCommand.self
    )
}

/// `mobile-ops-server [serve]`: resolves the configuration and runs the server.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the server (the default when no command is given)."
    )

    @OptionGroup var options: ServerOptions

    func run() async throws {
        let configuration = try options.resolve()
        let logger = ServerOptions.bootstrapLogging(level: configuration.logLevel)
        do {
            let server = try await MobileOpsServer.compose(configuration: configuration, logger: logger)
            try await server.run { port in
                logger.info("listening", metadata: ["host": "\(configuration.host)", "port": "\(port)", "database": "\(configuration.database)"])
            } onAdminTokenGenerated: { token in
                // Printed once to stdout (not the log): only its hash is stored.
                FileHandle.standardOutput.write(Data("Generated admin token (shown once, store it now): \(token)\n".utf8))
            }
        } catch let error as StartupError {
            FileHandle.standardError.write(Data("mobile-ops-server: \(error.message)\n".utf8))
            throw ExitCode(3)
        }
    }
}
