import ArgumentParser
import Core
import Foundation

/// `mobile-ops audit [--limit N]`: who did what, newest first (admin token).
struct AuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit", abstract: "Show the audit log (admin token): tokens, repositories, builds, releases and agents changed, by whom.",
        discussion: "Examples:\n  mobile-ops audit\n  mobile-ops audit --limit 200 --json")
    @OptionGroup var connection: ConnectionOptions
    @Option(help: "How many events (1-1000).") var limit = 50

    func validate() throws {
        guard (1...1000).contains(limit) else { throw ValidationError("--limit must be between 1 and 1000") }
    }

    func run() async throws {
        struct Events: Decodable { var events: [AuditEvent] }
        try await connection.get("/api/v1/audit?limit=\(limit)", as: Events.self) { log in
            Output.table(["TIME", "ACTOR", "ACTION", "SUBJECT", "DETAIL"], log.events.map {
                [Output.time($0.occurredAt), $0.actor, $0.action, $0.subject, $0.detail ?? ""]
            })
        }
    }
}
