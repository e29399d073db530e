import ArgumentParser
import Foundation
import Logging
import Server

/// `mobile-ops-server reset-admin-token`: recovery when the admin token is lost.
///
/// Works on the database directly, so it needs no token: whoever can read the database
/// file already controls the server. Earlier bootstrap admin tokens are revoked, tokens
/// issued through the API stay, and the audit log records the reset.
struct ResetAdminTokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset-admin-token",
        abstract: "Issue a new admin token and print it once (revokes earlier bootstrap admin tokens).",
        discussion: "Uses the same --database (MOBILE_OPS_DATABASE) as the server. Run it while the server is stopped."
    )

    @OptionGroup var options: ServerOptions

    func run() async throws {
        var configuration = try options.resolve()
        // The reset replaces the bootstrap token; installing a configured one first would be undone at once.
        configuration.adminToken = nil
        // Quiet: the token is the output; warnings and errors still reach standard error.
        let logger = ServerOptions.bootstrapLogging(level: max(configuration.logLevel, .warning))
        do {
            let server = try await MobileOpsServer.compose(configuration: configuration, logger: logger)
            let token = try await server.resetAdminToken()
            await server.shutdown()
            FileHandle.standardOutput.write(Data("New admin token (shown once, store it now): \(token)\n".utf8))
        } catch let error as StartupError {
            FileHandle.standardError.write(Data("mobile-ops-server: \(error.message)\n".utf8))
            throw ExitCode(3)
        }
    }
}
