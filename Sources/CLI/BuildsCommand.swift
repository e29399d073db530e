import ArgumentParser
import Core
import Foundation

/// `mobile-ops builds list|show|tests|trigger|cancel|retry|logs|watch`.
struct BuildsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "builds",
        abstract: "List, inspect, trigger, cancel, retry and follow builds.",
        subcommands: [List.self, Show.self, BuildTestsCommand.self, Trigger.self, Cancel.self, Retry.self, BuildLogsCommand.self, BuildWatchCommand.self]
    )

    /// `mobile-ops builds list [--repository R] [--branch B] [--status S] [--limit N]`
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List builds, newest first.")
        @OptionGroup var connection: ConnectionOptions
        @Option(help: "Repository id or full name.") var repository: String?
        @Option(help: "Branch.") var branch: String?
        @Option(help: "pending, running, passed, failed or canceled.") var status: String?
        @Option(help: "How many (1-200).") var limit = 20
        @Option(help: "Continue after this page: the nextCursor a previous page printed.") var cursor: String?

        func run() async throws {
            try await reportingErrors { () async throws(CLIError) in
                var query = ["limit=\(limit)"]
                if let repository { query.append("repository=\(BuildFormatting.escape(repository))") }
                if let branch { query.append("branch=\(BuildFormatting.escape(branch))") }
                if let status { query.append("status=\(status)") }
                if let cursor { query.append("cursor=\(BuildFormatting.escape(cursor))") }
                let (page, body) = try await connection.client().get("/api/v1/builds?" + query.joined(separator: "&"), as: BuildPage.self)
                if connection.json { return Output.json(body) }
                Output.table(["ID", "#", "PIPELINE", "STATE", "TRIGGER", "BRANCH", "COMMIT", "CREATED"], page.builds.map(BuildFormatting.row))
                if let next = page.nextCursor { print("More: mobile-ops builds list --cursor \(next)") }
            }
        }
    }

    /// `mobile-ops builds show ID`
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show a build and its jobs, with why pending jobs wait, and its failed tests.")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "Build id.") var id: Int64

        func run() async throws {
            try await reportingErrors { () async throws(CLIError) in
                let client = connection.client()
                let (build, body) = try await client.get("/api/v1/builds/\(id)", as: Build.self)
                if connection.json { return Output.json(body) }
                BuildFormatting.printDetail(build)
                let (tests, _) = try await client.get("/api/v1/builds/\(id)/tests?failed=true", as: BuildTestsView.self)
                if tests.jobs.contains(where: { $0.totals != nil || !$0.warnings.isEmpty }) {
                    print("")
                    TestFormatting.print(tests, listAll: false)
                    print("\nAll tests: mobile-ops builds tests \(id)")
                }
            }
        }
    }

    /// `mobile-ops builds trigger --pipeline P [--repository R] [--branch B] [--commit C] [--env K=V …]`
    struct Trigger: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Start a build by hand (write token).")
        @OptionGroup var connection: ConnectionOptions
        @Option(help: "Pipeline name.") var pipeline: String
        @Option(help: "Repository id or full name; omit for an empty workspace.") var repository: String?
        @Option(help: "Branch (default: the repository's default branch).") var branch: String?
        @Option(help: "Commit to build (default HEAD).") var commit: String?
        @Option(name: .customLong("env"), help: "KEY=VALUE, repeatable.") var env: [String] = []

        func validate() throws {
            for pair in env where !pair.contains("=") {
                throw ValidationError("--env must be KEY=VALUE, got '\(pair)'")
            }
        }

        func run() async throws {
            try await reportingErrors { () async throws(CLIError) in
                var variables: [String: String] = [:]
                for pair in env {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    variables[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
                }
                let request = TriggerRequest(repository: repository, pipeline: pipeline, branch: branch, commit: commit, env: variables)
                let (build, body) = try await connection.client().post("/api/v1/builds", request, as: Build.self)
                if connection.json { return Output.json(body) }
                print("Started build \(build.id) (\(build.pipeline) #\(build.number)), \(build.jobs?.count ?? 0) jobs.")
            }
        }

        struct TriggerRequest: Encodable {
            var repository: String?
            var pipeline: String
            var branch: String?
            var commit: String?
            var env: [String: String]
        }
    }

    /// `mobile-ops builds cancel ID`
    struct Cancel: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Cancel a build; running jobs stop within one heartbeat.")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "Build id.") var id: Int64

        func run() async throws {
            try await reportingErrors { () async throws(CLIError) in
                let (build, body) = try await connection.client().post("/api/v1/builds/\(id)/cancel", Empty(), as: Build.self)
                if connection.json { return Output.json(body) }
                print(BuildFormatting.cancelSummary(build))
            }
        }
    }

    /// `mobile-ops builds retry ID`
    struct Retry: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Run a build again as a new build.")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "Build id.") var id: Int64

        func run() async throws {
            try await reportingErrors { () async throws(CLIError) in
                let (build, body) = try await connection.client().post("/api/v1/builds/\(id)/retry", Empty(), as: Build.self)
                if connection.json { return Output.json(body) }
                print("Started build \(build.id) (\(build.pipeline) #\(build.number)).")
            }
        }
    }
}

/// An empty JSON object body.
struct Empty: Codable {}

/// `GET /api/v1/builds` answer.
struct BuildPage: Decodable {
    var builds: [Build]
    var nextCursor: String?
}
