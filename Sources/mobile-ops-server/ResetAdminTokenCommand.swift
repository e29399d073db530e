import ArgumentParser
import Core
import Foundation
import Logging
import Server

/// `mobile-ops-server reset-admin-token`: recovery when the admin token is lost.
///
/// Works on the database directly, so it needs no token: whoever can read the database
/// file (or holds the PostgreSQL credentials) already controls the server. Earlier bootstrap
/// admin tokens are revoked, tokens issued through the API stay, and the audit log records
/// the reset.
struct ResetAdminTokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset-admin-token",
        abstract: "Issue a new admin token and print it once (revokes earlier bootstrap admin tokens).",
        discussion: """
            Uses the same database as the server (--database or MOBILE_OPS_DATABASE). On an SQLite file, \
            stop the server first (it holds the file). On PostgreSQL it works while servers run: they \
            refuse the revoked token within 30 seconds, mostly at once.

            Examples:
              mobile-ops-server reset-admin-token --database .mobile-ops/mobile-ops.sqlite
              mobile-ops-server reset-admin-token \\
                  --database 'postgres://mobile_ops:secret@db:5432/mobile_ops'
            """
    )

    @OptionGroup var options: DatabaseCommandOptions

    func run() async throws {
        var configuration = try options.configuration()
        // The reset replaces the bootstrap token; installing a configured one first would be undone at once.
        configuration.adminToken = nil
        let logger = options.bootstrapLogging(configuration)
        do {
            let token = try await MobileOpsServer.resetAdminToken(configuration: configuration, logger: logger)
            FileHandle.standardOutput.write(Data("New admin token (shown once, store it now): \(token)\n".utf8))
        } catch {
            FileHandle.standardError.write(Data("mobile-ops-server reset-admin-token: \(error.message)\n".utf8))
            throw ExitCode(3)
        }
    }
}
