import ArgumentParser
import Core
import Foundation

/// `mobile-ops repos add|list|show|remove|rotate-secret`.
struct ReposCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repos",
        abstract: "Register, list, show and remove repositories; rotate their webhook secrets.",
        discussion: """
            Examples:
              mobile-ops repos add acme/ios-app --provider github \\
                  --clone-url https://github.com/acme/ios-app.git
              mobile-ops repos list
            """,
        subcommands: [Add.self, List.self, RepositoryShowCommand.self, RepositoryRemoveCommand.self, RepositoryRotateSecretCommand.self]
    )

    /// `mobile-ops repos add acme/ios-app --provider github --clone-url …`
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Register a repository (admin token). Prints its webhook secret once.",
            discussion: """
                Then add a webhook in the git host with that secret (docs/webhooks.md).

                Examples:
                  mobile-ops repos add acme/ios-app --provider github \\
                      --clone-url https://github.com/acme/ios-app.git
                  mobile-ops repos add acme/android-app --provider gitlab \\
                      --clone-url git@gitlab.com:acme/android-app.git \\
                      --default-branch develop --webhook-secret "$(openssl rand -hex 32)"
                """)

        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "Full name as the git host spells it, e.g. acme/ios-app.") var name: String
        @Option(help: "github, gitlab or bitbucket.") var provider: String
        @Option(name: .customLong("clone-url"), help: "URL agents clone from.") var cloneURL: String
        @Option(name: .customLong("default-branch"), help: "Default branch (main when omitted).") var defaultBranch: String?
        @Option(name: .customLong("webhook-secret"), help: "Webhook secret, at least 16 characters (generated when omitted).") var webhookSecret: String?

        func validate() throws {
            guard GitProvider(rawValue: provider.lowercased()) != nil else {
                throw ValidationError("--provider must be one of: \(GitProvider.allowedValues)")
            }
        }

        func run() async throws {
            let draft = RepositoryDraft(name: name, provider: provider.lowercased(), cloneURL: cloneURL, defaultBranch: defaultBranch, webhookSecret: webhookSecret)
            try await connection.post("/api/v1/repositories", draft, as: Created.self) { created in
                print("Registered \(created.name) (id \(created.id), \(created.provider.rawValue), default branch \(created.defaultBranch)).")
                print("Webhook secret (shown once): \(created.webhookSecret)")
            }
        }

        struct Created: Decodable {
            var id: Int64
            var name: String
            var provider: GitProvider
            var defaultBranch: String
            var webhookSecret: String
        }
    }

    /// `mobile-ops repos list`
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List repositories (read token).", discussion: "Example:\n  mobile-ops repos list --json")

        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            try await connection.get("/api/v1/repositories", as: RepositoryList.self) { list in
                Output.table(
                    ["ID", "NAME", "PROVIDER", "BRANCH", "CLONE URL"],
                    list.repositories.map { ["\($0.id)", $0.name, $0.provider.rawValue, $0.defaultBranch, $0.cloneURL] }
                )
            }
        }

        struct RepositoryList: Decodable {
            var repositories: [Repository]
        }
    }
}
