import ArgumentParser
import Core
import Foundation

/// `mobile-ops repos show ID|NAME`: one repository.
struct RepositoryShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one repository (read token).", discussion: "Example:\n  mobile-ops repos show acme/ios-app")
    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "Repository id or full name.") var repository: String

    func run() async throws {
        try await connection.respond({ client async throws(CLIError) in
            let id = try await RepositoryReference.id(of: repository, client: client)
            return try await client.get("/api/v1/repositories/\(id)", as: Repository.self)
        }) { found in
            print("Repository \(found.id): \(found.name)")
            print("  provider        \(found.provider.rawValue)")
            print("  clone URL       \(found.cloneURL)")
            print("  default branch  \(found.defaultBranch)")
            print("  registered      \(Output.time(found.createdAt))")
        }
    }
}

/// `mobile-ops repos remove ID|NAME`: unregister a repository; its builds keep their history.
struct RepositoryRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a repository (admin token); refused while it has unfinished builds.",
        discussion: "Its builds keep their history.\n\nExample:\n  mobile-ops repos remove acme/ios-app")
    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "Repository id or full name.") var repository: String

    func run() async throws {
        try await connection.respond({ client async throws(CLIError) in
            let id = try await RepositoryReference.id(of: repository, client: client)
            return try await client.delete("/api/v1/repositories/\(id)", as: Repository.self)
        }) { removed in
            print("Removed repository \(removed.name) (id \(removed.id)); its webhooks are no longer accepted.")
        }
    }
}

/// `mobile-ops repos rotate-secret ID|NAME`: a new webhook secret, printed once.
struct RepositoryRotateSecretCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate-secret", abstract: "Replace a repository's webhook secret (admin token); prints the new one once.",
        discussion: """
            Deliveries signed with the old secret are refused from then on: update the git host's webhook at once.

            Example:
              mobile-ops repos rotate-secret acme/ios-app
            """)
    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "Repository id or full name.") var repository: String

    func run() async throws {
        struct Rotated: Decodable { var id: Int64; var name: String; var webhookSecret: String }
        try await connection.respond({ client async throws(CLIError) in
            let id = try await RepositoryReference.id(of: repository, client: client)
            return try await client.post("/api/v1/repositories/\(id)/rotate-secret", Empty(), as: Rotated.self)
        }) { rotated in
            print("New webhook secret for \(rotated.name) (shown once): \(rotated.webhookSecret)")
            print("Set it in the git host's webhook settings: deliveries signed with the old secret are refused from now on.")
        }
    }
}

/// A repository named by id or by full name on the command line.
enum RepositoryReference {
    /// The id of `reference`: the number itself, or the registered repository of that name.
    static func id(of reference: String, client: APIClient) async throws(CLIError) -> Int64 {
        if let id = Int64(reference) { return id }
        struct List: Decodable { var repositories: [Repository] }
        let (list, _) = try await client.get("/api/v1/repositories", as: List.self)
        guard let found = list.repositories.first(where: { $0.name.lowercased() == reference.lowercased() }) else {
            throw CLIError.usage("no repository named \(reference); see 'mobile-ops repos list'")
        }
        return found.id
    }
}
