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
        discussion: """
            Every flag falls back to its environment variable, then to its default. Exit status 3 when \
            the server cannot start (the message says why); 4 when a shutdown did not finish within 25 s \
            (the log names what was still running); 64 for a bad flag.

            Examples:
              mobile-ops-server
              mobile-ops-server reset-admin-token
              mobile-ops-server migrate-data --from .mobile-ops/mobile-ops.sqlite --to postgres://…
              mobile-ops-server rotate-secrets-key --new-key-file /etc/mobile-ops/secrets-new.key
            """,
        subcommands: [ServeCommand.self, ResetAdminTokenCommand.self, MigrateDataCommand.self, RotateSecretsKeyCommand.self],
        defaultSubcommand: ServeCommand.self
    )
}

/// `mobile-ops-server [serve]`: resolves the configuration and runs the server.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the server (the default when no command is given).",
        discussion: """
            On first start (no admin token yet) the server prints an admin token once.

            Examples:
              mobile-ops-server
              mobile-ops-server --host 0.0.0.0 \\
                  --database 'postgres://mobile_ops:secret@db:5432/mobile_ops'
            """
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
