import ArgumentParser
import Foundation

/// `mobile-ops outbox list [--limit N]`: the notification backlog (commit statuses, findings
/// reports, team webhooks) and the messages delivery gave up on; `mobile-ops outbox retry ID`:
/// another set of attempts for one of them (admin token).
struct OutboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outbox",
        abstract: "See the notification backlog and the messages that could not be delivered.",
        discussion: """
            Examples:
              mobile-ops outbox list
              mobile-ops outbox retry 42
            """,
        subcommands: [List.self, Retry.self]
    )

    /// `mobile-ops outbox retry ID`
    struct Retry: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give a dead message a new set of attempts, starting now (admin token).",
            discussion: """
                Retry once the cause its last error names is fixed (a token, a webhook address, a host that was down).

                Example:
                  mobile-ops outbox retry 42
                """)
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The dead message's id, as `outbox list` shows it.") var id: Int64

        func run() async throws {
            try await connection.post("/api/v1/outbox/\(id)/retry", Empty(), as: Status.Dead.self) { message in
                print("Message \(message.id) (\(message.kind)) is due again; its last error was: \(message.lastError ?? "none").")
            }
        }
    }

    /// `mobile-ops outbox list`
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show how many messages wait, and the dead ones with their last error (admin token).",
            discussion: """
                A message is dead once delivery gave up on it; its last error says why (a revoked \
                git-host token, a repository the token cannot reach). See docs/webhooks.md.

                Examples:
                  mobile-ops outbox list
                  mobile-ops outbox list --limit 200 --json
                """)
        @OptionGroup var connection: ConnectionOptions
        @Option(help: "How many dead messages (1-500).") var limit = 50

        func validate() throws {
            guard (1...500).contains(limit) else { throw ValidationError("--limit must be between 1 and 500") }
        }

        func run() async throws {
            try await connection.get("/api/v1/outbox?limit=\(limit)", as: Status.self) { outbox in
                print("Waiting: \(outbox.pending) (\(outbox.due) due now)" + (outbox.oldestPendingAt.map { ", the oldest since \(Output.time($0))" } ?? "")
                    + "; dead: \(outbox.dead)")
                guard !outbox.deadMessages.isEmpty else { return }
                print("")
                Output.table(["ID", "KIND", "ATTEMPTS", "CREATED", "LAST ERROR"], outbox.deadMessages.map {
                    ["\($0.id)", $0.kind, "\($0.attempts)", Output.time($0.createdAt), MetricsParseCommand.oneLine($0.lastError ?? "-", limit: 200)]
                })
            }
        }
    }

    /// `GET /api/v1/outbox` answer.
    struct Status: Decodable {
        struct Dead: Decodable {
            var id: Int64
            var kind: String
            var attempts: Int
            var lastError: String?
            var createdAt: Date
        }
        var pending: Int
        var due: Int
        var dead: Int
        var oldestPendingAt: Date?
        var deadMessages: [Dead]
    }
}
