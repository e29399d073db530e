import ArgumentParser
import Foundation

/// `mobile-ops status`: is the server up, which version, is its database ready.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the server's health, version and database."
    )

    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        try await reportingErrors { () async throws(CLIError) in
            let client = connection.client()
            let (health, _) = try await client.get("/healthz", as: Health.self)
            let (ready, body) = try await client.get("/readyz", as: Readiness.self)
            if connection.json {
                Output.json(body)
                return
            }
            Output.table(["server", "status", "version", "database", "ready"], [[
                connection.serverURL, health.status, health.version, ready.database.path,
                ready.database.reachable ? "yes (\(ready.database.migrations) migrations)" : "no",
            ]])
        }
    }

    struct Health: Decodable {
        var status: String
        var version: String
    }

    struct Readiness: Decodable {
        struct Database: Decodable {
            var path: String
            var reachable: Bool
            var migrations: Int
        }
        var status: String
        var database: Database
    }
}
