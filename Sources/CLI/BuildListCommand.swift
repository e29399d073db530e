import ArgumentParser
import Core
import Foundation

/// `mobile-ops builds list [--repository R] [--pipeline P] [--branch B] [--author A] [--pull-request N] [--status S] [--limit N] [--cursor C]`
struct BuildListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List builds, newest first, with their repository, pull request and duration.",
        discussion: """
            Examples:
              mobile-ops builds list
              mobile-ops builds list --repository acme/ios-app --status failed --limit 5
              mobile-ops builds list --pull-request 128
            """)
    @OptionGroup var connection: ConnectionOptions
    @Option(help: "Repository id or full name.") var repository: String?
    @Option(help: "Pipeline name.") var pipeline: String?
    @Option(help: "Branch.") var branch: String?
    @Option(help: "Author, exactly as the build names it.") var author: String?
    @Option(help: "A pull (merge) request's number: its builds together.") var pullRequest: Int?
    @Option(help: "pending, running, passed, failed or canceled.") var status: String?
    @Option(help: "How many (1-200).") var limit = 20
    @Option(help: "Continue after this page: the nextCursor a previous page printed.") var cursor: String?

    func validate() throws {
        if let pullRequest, pullRequest < 1 { throw ValidationError("--pull-request must be a pull request's number, 1 or more") }
        guard (1...200).contains(limit) else { throw ValidationError("--limit must be between 1 and 200") }
    }

    func run() async throws {
        try await reportingErrors { () async throws(CLIError) in
            var query = ["limit=\(limit)"]
            if let repository { query.append("repository=\(BuildFormatting.escape(repository))") }
            if let pipeline { query.append("pipeline=\(BuildFormatting.escape(pipeline))") }
            if let branch { query.append("branch=\(BuildFormatting.escape(branch))") }
            if let author { query.append("author=\(BuildFormatting.escape(author))") }
            if let pullRequest { query.append("pullRequest=\(pullRequest)") }
            if let status { query.append("status=\(status)") }
            if let cursor { query.append("cursor=\(BuildFormatting.escape(cursor))") }
            let client = connection.client()
            let (page, body) = try await client.get("/api/v1/builds?" + query.joined(separator: "&"), as: BuildPage.self)
            if connection.json { return Output.json(body) }
            struct Repositories: Decodable { var repositories: [Repository] }
            let (registered, _) = try await client.get("/api/v1/repositories", as: Repositories.self)
            let names = Dictionary(registered.repositories.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            Output.table(BuildFormatting.listHeader, page.builds.map { BuildFormatting.row($0, repositories: names) })
            if let next = page.nextCursor { print("More: mobile-ops builds list --cursor \(next)") }
        }
    }
}

/// `GET /api/v1/builds` answer.
struct BuildPage: Decodable {
    var builds: [Build]
    var nextCursor: String?
}
