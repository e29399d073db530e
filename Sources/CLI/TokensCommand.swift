import ArgumentParser
import Core
import Foundation

/// `mobile-ops tokens create|list|revoke` (admin token).
struct TokensCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens",
        abstract: "Issue, list and revoke API tokens (admin token).",
        discussion: """
            Examples:
              mobile-ops tokens create dashboard-wall
              mobile-ops tokens create ci-bot --scope write
              mobile-ops tokens list
            """,
        subcommands: [Create.self, List.self, Revoke.self]
    )

    /// `mobile-ops tokens create ci-bot --scope read --scope write`
    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Issue a token (admin token). Its value is printed once.",
            discussion: """
                admin includes write, which includes read.

                Examples:
                  mobile-ops tokens create dashboard-wall
                  mobile-ops tokens create ci-bot --scope write
                """)

        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "A name for the token, e.g. ci-bot.") var name: String
        @Option(name: .customLong("scope"), help: "read, write or admin; repeat for several (default read).")
        var scopes: [String] = []

        func validate() throws {
            for scope in scopes where TokenScope(rawValue: scope) == nil {
                throw ValidationError("--scope '\(scope)' is not one of: \(TokenScope.allowedValues)")
            }
        }

        func run() async throws {
            let request = CreateRequest(name: name, scopes: scopes.isEmpty ? ["read"] : scopes)
            try await connection.post("/api/v1/tokens", request, as: Created.self) { created in
                print("Token \(created.id) '\(created.name)' with scopes \(created.scopes.map(\.rawValue).joined(separator: ", ")).")
                print("Value (shown once): \(created.token)")
            }
        }

        struct CreateRequest: Encodable {
            var name: String
            var scopes: [String]
        }

        struct Created: Decodable {
            var token: String
            var id: String
            var name: String
            var scopes: [TokenScope]
        }
    }

    /// `mobile-ops tokens list`
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List tokens (admin token), never their values.", discussion: "Example:\n  mobile-ops tokens list")

        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            try await connection.get("/api/v1/tokens", as: TokenList.self) { list in
                Output.table(
                    ["ID", "NAME", "SCOPES", "CREATED", "STATE"],
                    list.tokens.map { token in
                        [token.id, token.name, token.scopes.map(\.rawValue).joined(separator: ","), Output.time(token.createdAt),
                         token.revokedAt.map { "revoked \(Output.time($0))" } ?? "active"]
                    }
                )
            }
        }

        struct TokenList: Decodable {
            var tokens: [APIToken]
        }
    }

    /// `mobile-ops tokens revoke ID`
    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revoke a token (admin token); it stops working at once.",
            discussion: "The only active admin token cannot be revoked.\n\nExample:\n  mobile-ops tokens revoke 2cf2e329799b")

        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "The token's id (see 'tokens list').") var id: String

        func run() async throws {
            try await connection.delete("/api/v1/tokens/\(id)", as: APIToken.self) { token in
                print("Revoked token \(token.id) '\(token.name)'.")
            }
        }
    }
}
