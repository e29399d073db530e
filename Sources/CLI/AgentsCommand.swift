import ArgumentParser
import Core
import Foundation

/// `mobile-ops agents list|remove` and `mobile-ops agents tokens create|list|revoke` (admin token).
struct AgentsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agents",
        abstract: "See the build fleet and manage agent registration tokens (admin token).",
        discussion: """
            Examples:
              mobile-ops agents list
              mobile-ops agents tokens create mac-fleet
            """,
        subcommands: [List.self, Remove.self, Tokens.self]
    )

    /// `mobile-ops agents list`
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List agents, their tags, state and current jobs (admin token).", discussion: "Example:\n  mobile-ops agents list")
        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            try await connection.get("/api/v1/agents", as: AgentList.self) { list in
                Output.table(["ID", "NAME", "STATE", "SLOTS", "TAGS", "JOBS", "LAST SEEN"], list.agents.map { agent in
                    ["\(agent.id)", agent.name, agent.state, "\(agent.slots)",
                     agent.tags.keys.sorted().map { "\($0)=\(agent.tags[$0] ?? "")" }.joined(separator: ","),
                     agent.runningJobs.map(String.init).joined(separator: ",").nonEmpty ?? "-", Output.time(agent.lastSeenAt)]
                })
            }
        }

        struct AgentList: Decodable { var agents: [Agent] }
    }

    /// `mobile-ops agents remove ID`: drop an offline or revoked agent from every list.
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove an offline or revoked agent (admin token); an online one must be stopped first.",
            discussion: "Example:\n  mobile-ops agents remove 3")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "Agent id (see 'agents list').") var id: Int64

        func run() async throws {
            try await connection.delete("/api/v1/agents/\(id)", as: Agent.self) { agent in
                print("Removed agent \(agent.name) (id \(agent.id)).")
            }
        }
    }

    /// `mobile-ops agents tokens …`
    struct Tokens: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Registration tokens agents join with.",
            discussion: "Examples:\n  mobile-ops agents tokens create mac-fleet\n  mobile-ops agents tokens list",
            subcommands: [Create.self, List.self, Revoke.self]
        )

        struct Create: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Create a registration token; its value is printed once.",
                discussion: """
                    Example:
                      mobile-ops agents tokens create mac-fleet
                      mobile-ops-agent --server http://127.0.0.1:8080 --registration-token mor_… \\
                          --name mac-mini-07 --tag platform=ios
                    """)
            @OptionGroup var connection: ConnectionOptions
            @Argument(help: "A name, e.g. mac-fleet.") var name: String

            func run() async throws {
                try await connection.post("/api/v1/agents/tokens", ["name": name], as: Created.self) { created in
                    print("Registration token \(created.id) '\(created.name)'.")
                    print("Value (shown once): \(created.token)")
                    print("Start an agent: mobile-ops-agent --server URL --registration-token \(created.token) --name NAME --tag platform=ios")
                }
            }

            struct Created: Decodable { var id: String; var name: String; var token: String }
        }

        struct List: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "List registration tokens.", discussion: "Example:\n  mobile-ops agents tokens list")
            @OptionGroup var connection: ConnectionOptions

            func run() async throws {
                try await connection.get("/api/v1/agents/tokens", as: TokenList.self) { list in
                    Output.table(["ID", "NAME", "CREATED", "STATE"], list.tokens.map {
                        [$0.id, $0.name, Output.time($0.createdAt), $0.revokedAt.map { "revoked \(Output.time($0))" } ?? "active"]
                    })
                }
            }

            struct Token: Decodable { var id: String; var name: String; var createdAt: Date; var revokedAt: Date? }
            struct TokenList: Decodable { var tokens: [Token] }
        }

        struct Revoke: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Revoke a registration token and disconnect its agents.", discussion: "Example:\n  mobile-ops agents tokens revoke 8a1c…")
            @OptionGroup var connection: ConnectionOptions
            @Argument(help: "Token id.") var id: String

            func run() async throws {
                try await connection.delete("/api/v1/agents/tokens/\(id)", as: Empty.self) { _ in
                    print("Revoked registration token \(id); its agents are disconnected.")
                }
            }
        }
    }
}

extension String {
    /// nil for an empty string, for `?? "-"` in tables.
    var nonEmpty: String? { isEmpty ? nil : self }
}
