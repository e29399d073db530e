import ArgumentParser
import Foundation

/// `mobile-ops status`: is the server up, which version, is it ready to serve.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the server's health, version and readiness."
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
            Output.table(["server", "status", "version", "ready"], [[
                connection.serverURL, health.status, health.version,
                ready.status == "ready" ? "yes" : "no" + (ready.reason.map { " (\($0))" } ?? ""),
            ]])
        }
    }

    struct Health: Decodable {
        var status: String
        var version: String
    }

    struct Readiness: Decodable {
        var status: String
        var reason: String?
    }
}
