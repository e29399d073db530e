import ArgumentParser
import Core
import Foundation

/// `mobile-ops builds list|show|tests|findings|impact|trigger|cancel|retry|logs|watch`.
struct BuildsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "builds",
        abstract: "List, inspect, trigger, cancel, retry and follow builds.",
        discussion: """
            Examples:
              mobile-ops builds list --status failed
              mobile-ops builds show 12
              mobile-ops builds logs 12 --step unit-tests --follow
            """,
        subcommands: [
            BuildListCommand.self, BuildShowCommand.self, BuildTestsCommand.self, BuildFindingsCommand.self, BuildImpactCommand.self,
            Trigger.self, Cancel.self, Retry.self, BuildLogsCommand.self, BuildWatchCommand.self,
        ]
    )

    /// `mobile-ops builds trigger --pipeline P [--repository R] [--branch B] [--commit C] [--env K=V …]`
    struct Trigger: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start a build by hand (write token).",
            discussion: """
                Without --repository the build runs in the one registered repository the pipeline applies \
                to; the server names the candidates when there are several.

                Examples:
                  mobile-ops builds trigger --pipeline ios-pr
                  mobile-ops builds trigger --pipeline ios-pr --repository acme/ios-app \\
                      --branch main --env FLAVOR=beta
                """)
        @OptionGroup var connection: ConnectionOptions
        @Option(help: "Pipeline name.") var pipeline: String
        @Option(help: "Repository id or full name (default: the one registered repository the pipeline applies to).") var repository: String?
        @Option(help: "Branch (default: the repository's default branch).") var branch: String?
        @Option(help: "Commit to build (default: the branch's tip when an agent checks it out).") var commit: String?
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
        static let configuration = CommandConfiguration(
            abstract: "Cancel a build (write token); running jobs stop within one heartbeat.",
            discussion: "Example:\n  mobile-ops builds cancel 12")
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
        static let configuration = CommandConfiguration(
            abstract: "Run a build again as a new build (write token).",
            discussion: "Example:\n  mobile-ops builds retry 12")
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
