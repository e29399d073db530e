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
            var variables: [String: String] = [:]
            for pair in env {
                let parts = pair.split(separator: "=", maxSplits: 1)
                variables[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
            }
            let request = TriggerRequest(repository: repository, pipeline: pipeline, branch: branch, commit: commit, env: variables)
            try await connection.post("/api/v1/builds", request, as: Build.self) { build in
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
            try await connection.post("/api/v1/builds/\(id)/cancel", Empty(), as: Build.self) { build in
                print(BuildFormatting.cancelSummary(build))
            }
        }
    }

    /// `mobile-ops builds retry ID [--job JOB]`
    struct Retry: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run a build again as a new build, or one failed job again in the build itself (write token).",
            discussion: """
                With --job, the failed, timed-out or lost job runs again as a new attempt in the same build, \
                and the jobs canceled because it failed run again once it passes.

                Examples:
                  mobile-ops builds retry 12
                  mobile-ops builds retry 12 --job 57
                """)
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "Build id.") var id: Int64
        @Option(help: "Run only this failed job of the build again, in the build (its id, as `builds show` lists it).") var job: Int64?

        func run() async throws {
            try await reportingErrors { () async throws(CLIError) in
                let client = connection.client()
                guard let job else {
                    let (build, body) = try await client.post("/api/v1/builds/\(id)/retry", Empty(), as: Build.self)
                    if connection.json { return Output.json(body) }
                    return print("Started build \(build.id) (\(build.pipeline) #\(build.number)).")
                }
                let (found, _) = try await client.get("/api/v1/jobs/\(job)", as: Job.self)
                guard found.buildID == id else { throw CLIError.usage("job \(job) belongs to build \(found.buildID), not to build \(id)") }
                let (build, body) = try await client.post("/api/v1/jobs/\(job)/retry", Empty(), as: Build.self)
                if connection.json { return Output.json(body) }
                let attempt = build.jobs?.first { $0.stepKey == found.stepKey && $0.shardIndex == found.shardIndex && $0.supersededBy == nil }
                print("Job \(found.label) runs again in build \(build.id) (\(build.pipeline) #\(build.number))" + (attempt.map { " as job \($0.id), attempt \($0.attempt)" } ?? "") + ".")
            }
        }
    }
}

/// An empty JSON object body.
struct Empty: Codable {}
