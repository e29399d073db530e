import ArgumentParser
import Core
import Foundation

/// `mobile-ops secrets set|list|remove` (admin token): a repository's secrets.
struct SecretsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "secrets",
        abstract: "Set, list and remove a repository's secrets (admin token); values are never shown again.",
        discussion: """
            A step receives the secrets it lists (secrets: [NAME]) when its build's repository, pipeline and branch match; \
            pull requests only those set with --pull-requests, and a fork's pull request none (docs/secrets.md).

            Examples:
              mobile-ops secrets set KEYSTORE_PASSWORD --repository acme/android-app < password.txt
              mobile-ops secrets set ANDROID_KEYSTORE --repository acme/android-app --file release.jks \\
                  --pipeline release --branches "main,release/*"
              mobile-ops secrets list --repository acme/android-app
              mobile-ops secrets remove ANDROID_KEYSTORE --repository acme/android-app --pipeline release
            """,
        subcommands: [SecretSetCommand.self, SecretListCommand.self, SecretRemoveCommand.self]
    )
}

/// The repository a secrets command works on.
struct SecretRepositoryOptions: ParsableArguments {
    @Option(help: "Repository id or full name, e.g. acme/android-app.") var repository: String
}

/// `mobile-ops secrets set NAME --repository R [--pipeline P] [--branches …] [--pull-requests] [--file PATH]`
struct SecretSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set a secret from standard input, or from a file with --file (admin token).",
        discussion: """
            From standard input the value is an env secret (a variable of its name), one final newline dropped; with \
            --file it is a file secret of the file's bytes (at most 1 MiB), given to the job as a file whose path the \
            variable holds. Setting a name again for the same pipeline replaces its value and scope.

            Examples:
              printf '%s' "$STORE_PASSWORD" | mobile-ops secrets set KEYSTORE_PASSWORD --repository acme/android-app
              mobile-ops secrets set ANDROID_KEYSTORE --repository acme/android-app --file release.jks --branches "main,release/*"
              mobile-ops secrets set DANGER_TOKEN --repository acme/ios-app --pull-requests < token.txt
            """)

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var target: SecretRepositoryOptions
    @Argument(help: "The secret's name: A-Z, 0-9 and _, e.g. KEYSTORE_PASSWORD.") var name: String
    @Option(help: "Only builds of this pipeline get it (default: every pipeline of the repository).") var pipeline: String?
    @Option(help: "Comma-separated branch patterns a build's branch must match, e.g. \"main,release/*\" (default: every branch).")
    var branches: String?
    @Flag(help: "Also give it to pull requests from the repository itself (never to a fork's).") var pullRequests = false
    @Option(help: "Read the value from this file (binary kept as it is) and give it to jobs as a file.") var file: String?

    func validate() throws {
        if let problem = SecretName.problem(name) { throw ValidationError(problem) }
        if let branches, Self.patterns(branches).isEmpty {
            throw ValidationError("--branches must name at least one pattern, e.g. \"main,release/*\"; leave it out for every branch")
        }
    }

    func run() async throws {
        try await reportingErrors { () async throws(CLIError) in
            var value: [UInt8]
            if let file {
                value = try await LocalFile.read(file)
            } else {
                value = try await LocalFile.readStandardInput()
                // `echo secret |` and a file saved by an editor end with a newline no one means.
                if value.last == 0x0A { value.removeLast() }
                if value.last == 0x0D { value.removeLast() }
            }
            guard !value.isEmpty else { throw CLIError.usage("the value is empty: pipe it on standard input or name a file with --file") }
            if value.count < 8 {
                Output.notice("warning: the value is \(value.count) characters long; a value under 8 characters is masked in logs wherever it appears, and short common words are easy to spot unmasked in other forms")
            }
            let client = connection.client()
            let id = try await RepositoryReference.id(of: target.repository, client: client)
            let write = Write(
                value: Data(value).base64EncodedString(), kind: file == nil ? "env" : "file", pipeline: pipeline,
                branches: branches.map(Self.patterns), pullRequests: pullRequests)
            let (secret, body) = try await client.put("/api/v1/repositories/\(id)/secrets/\(name)", write, as: RepositorySecret.self)
            if connection.json { return Output.json(body) }
            print("Set \(secret.name) for \(target.repository): \(SecretListCommand.scope(of: secret)), \(secret.kind.rawValue), \(secret.size) bytes, fingerprint \(secret.fingerprint).")
        }
    }

    /// The patterns of `--branches`, blanks dropped.
    static func patterns(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// `PUT /api/v1/repositories/{id}/secrets/{name}` body.
    struct Write: Encodable {
        var value: String
        var kind: String
        var pipeline: String?
        var branches: [String]?
        var pullRequests: Bool
    }
}

/// `mobile-ops secrets list --repository R`
struct SecretListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List a repository's secrets: names, scopes, sizes and fingerprints, never values (admin token).",
        discussion: """
            Equal fingerprints mean equal values (under the same secrets key).

            Examples:
              mobile-ops secrets list --repository acme/android-app
              mobile-ops secrets list --repository acme/android-app --json
            """)

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var target: SecretRepositoryOptions

    func run() async throws {
        struct List: Decodable { var secrets: [RepositorySecret] }
        try await connection.respond({ client async throws(CLIError) in
            let id = try await RepositoryReference.id(of: target.repository, client: client)
            return try await client.get("/api/v1/repositories/\(id)/secrets", as: List.self)
        }) { list in
            Output.table(
                ["NAME", "PIPELINE", "BRANCHES", "PULL REQUESTS", "KIND", "SIZE", "FINGERPRINT", "UPDATED", "BY"],
                list.secrets.map { secret in
                    [
                        secret.name, secret.pipeline ?? "*", secret.branches?.joined(separator: ",") ?? "*", secret.pullRequests ? "yes" : "no",
                        secret.kind.rawValue, "\(secret.size)", secret.fingerprint, Output.time(secret.updatedAt), secret.updatedBy,
                    ]
                },
                ifEmpty: "No secrets for \(target.repository).")
        }
    }

    /// A secret's scope in words.
    static func scope(of secret: RepositorySecret) -> String {
        let pipeline = secret.pipeline.map { "pipeline \($0)" } ?? "every pipeline"
        let branches = secret.branches.map { "branches \($0.joined(separator: ", "))" } ?? "every branch"
        return "\(pipeline), \(branches), \(secret.pullRequests ? "pull requests too" : "no pull requests")"
    }
}

/// `mobile-ops secrets remove NAME --repository R [--pipeline P]`
struct SecretRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a secret (admin token).",
        discussion: """
            When several pipelines have a secret of the name, say whose with --pipeline ('*' for the one every pipeline shares).

            Examples:
              mobile-ops secrets remove KEYSTORE_PASSWORD --repository acme/android-app
              mobile-ops secrets remove ANDROID_KEYSTORE --repository acme/android-app --pipeline release
              mobile-ops secrets remove ANDROID_KEYSTORE --repository acme/android-app --pipeline '*'
            """)

    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var target: SecretRepositoryOptions
    @Argument(help: "The secret's name.") var name: String
    @Option(help: "The pipeline whose secret to remove; '*' for the one every pipeline shares.") var pipeline: String?

    func validate() throws {
        if let problem = SecretName.problem(name) { throw ValidationError(problem) }
    }

    func run() async throws {
        struct Removed: Decodable { var secrets: [RepositorySecret] }
        var query = ""
        if let pipeline {
            var allowed = CharacterSet.urlQueryAllowed
            allowed.remove(charactersIn: "&=+#")
            query = "?pipeline=" + (pipeline.addingPercentEncoding(withAllowedCharacters: allowed) ?? pipeline)
        }
        try await connection.respond({ client async throws(CLIError) in
            let id = try await RepositoryReference.id(of: target.repository, client: client)
            return try await client.delete("/api/v1/repositories/\(id)/secrets/\(name)\(query)", as: Removed.self)
        }) { removed in
            for secret in removed.secrets { print("Removed \(secret.name) (\(SecretListCommand.scope(of: secret))) from \(target.repository).") }
        }
    }
}
