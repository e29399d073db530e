import ArgumentParser
import Foundation

/// `mobile-ops status`: is the server up, which version, is it ready to serve, and does it
/// accept the token this CLI sends.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the server's health, version and readiness, and check the token.",
        discussion: """
            The token is checked with an authenticated call: a token the server refuses (unknown, \
            revoked, mistyped) is reported and the exit status is 1. Without a token the check is \
            skipped. Exit status 2 when the server cannot be reached.

            Examples:
              mobile-ops status
              MOBILE_OPS_TOKEN=mo_… mobile-ops status --server http://ci.example.com:8080
            """
    )

    @OptionGroup var connection: ConnectionOptions

    func run() async throws {
        let refused = try await reportingErrors { () async throws(CLIError) -> String? in
            let client = connection.client()
            let (health, healthBody) = try await client.get("/healthz", as: Health.self)
            let readiness = try await ready(client)
            let token = try await checkToken(client)
            if connection.json {
                printJSON(health: healthBody, readiness: readiness, token: token)
            } else {
                Output.table(["SERVER", "STATUS", "VERSION", "READY", "TOKEN"], [[
                    connection.serverURL, health.status, health.version,
                    readiness.ready ? "yes" : "no" + (readiness.reason.map { " (\($0))" } ?? ""), token.label,
                ]])
            }
            return token.refusal
        }
        if let refused {
            Output.notice("error: the server refused the token: \(refused); use the admin token the server printed at its first start, "
                + "or a token issued with it ('mobile-ops tokens create')")
            throw ExitCode(1)
        }
    }

    /// `/readyz`: 200 ready, 503 not ready with a reason.
    private func ready(_ client: APIClient) async throws(CLIError) -> (ready: Bool, reason: String?) {
        do throws(CLIError) {
            _ = try await client.get("/readyz", as: Readiness.self)
            return (true, nil)
        } catch .server(status: 503, let message) {
            return (false, message)
        }
    }

    /// Whether the server accepts the token: `GET /api/v1/pipelines` is the cheapest call every
    /// API token may make (the server answers it from memory).
    private func checkToken(_ client: APIClient) async throws(CLIError) -> TokenCheck {
        guard connection.resolvedToken != nil else { return TokenCheck(label: "none", refusal: nil) }
        do throws(CLIError) {
            _ = try await client.getRaw("/api/v1/pipelines")
            return TokenCheck(label: "accepted", refusal: nil)
        } catch .server(status: let status, let message) where status == 401 || status == 403 {
            return TokenCheck(label: "refused", refusal: message)
        }
    }

    /// `{"server", "health", "readiness", "token"}`: every figure the table shows.
    private func printJSON(health: [UInt8], readiness: (ready: Bool, reason: String?), token: TokenCheck) {
        var object: [String: Any] = [
            "server": connection.serverURL, "token": token.label,
            "readiness": ["status": readiness.ready ? "ready" : "not_ready"].merging(readiness.reason.map { ["reason": $0] } ?? [:]) { $1 },
        ]
        object["health"] = try? JSONSerialization.jsonObject(with: Data(health))
        if let refusal = token.refusal { object["tokenError"] = refusal }
        let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
        Output.json(Array(data))
    }

    struct TokenCheck {
        /// `accepted`, `refused` or `none`.
        var label: String
        /// The server's message when it refused the token.
        var refusal: String?
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
