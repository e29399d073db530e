import ArgumentParser
import Core
import Foundation

/// `mobile-ops artifacts list BUILD [--job ID]` and `mobile-ops artifacts download ID [--output FILE]`.
struct ArtifactsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "artifacts", abstract: "List a build's artifacts and download them.",
        discussion: "Examples:\n  mobile-ops artifacts list 12\n  mobile-ops artifacts download 31 --output App.ipa",
        subcommands: [List.self, Download.self])

    /// `mobile-ops artifacts list BUILD [--job ID]`
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the artifacts of a build's jobs (read token).",
            discussion: "Examples:\n  mobile-ops artifacts list 12\n  mobile-ops artifacts list 12 --job 40 --json")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "Build id.") var build: Int64
        @Option(help: "Only this job's artifacts.") var job: Int64?

        func run() async throws {
            try await reportingErrors { () async throws(CLIError) in
                struct Listing: Decodable { var artifacts: [Artifact] }
                let client = connection.client()
                let (found, _) = try await client.get("/api/v1/builds/\(build)", as: Build.self)
                let jobs = (found.jobs ?? []).filter { job == nil || $0.id == job }
                if let job, jobs.isEmpty { throw CLIError.usage("build \(build) has no job \(job)") }
                var artifacts: [(job: Job, artifact: Artifact)] = []
                var bodies: [Any] = []
                for job in jobs {
                    let (listing, body) = try await client.get("/api/v1/jobs/\(job.id)/artifacts", as: Listing.self)
                    artifacts += listing.artifacts.map { (job, $0) }
                    if let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any], let list = object["artifacts"] as? [Any] {
                        bodies += list
                    }
                }
                if connection.json {
                    let data = (try? JSONSerialization.data(withJSONObject: ["build": build, "artifacts": bodies])) ?? Data()
                    return Output.json(Array(data))
                }
                Output.table(["ID", "JOB", "PATH", "SIZE", "SHA-256"], artifacts.map {
                    ["\($0.artifact.id)", "\($0.job.id) \($0.job.label)", $0.artifact.path, "\($0.artifact.size)", String($0.artifact.sha256.prefix(12))]
                })
            }
        }
    }

    /// `mobile-ops artifacts download ID [--output FILE]`
    struct Download: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Download an artifact (read token).",
            discussion: """
                The artifact is streamed to disk and checked against the size and SHA-256 the server \
                recorded. It is written under a temporary name beside the target and renamed only when \
                complete, so a failed download leaves no partial file (and an older file of that name as it was).

                Examples:
                  mobile-ops artifacts download 31 --output App.ipa
                  mobile-ops artifacts download 31 --output - | shasum -a 256
                """)
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "Artifact id (see 'artifacts list').") var id: Int64
        @Option(help: "Where to write it: a file (default artifact-ID here) or - for standard output.") var output: String?
        @Option(help: "Seconds the whole download may take.") var timeout: Int = 3600

        func validate() throws {
            guard self.timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds, got \(self.timeout)") }
            guard self.output != "" else { throw ValidationError("--output must name a file, or - for standard output") }
        }

        func run() async throws {
            try await reportingErrors { () async throws(CLIError) in
                let target = output ?? "artifact-\(id)"
                let response = try await connection.client().stream("/api/v1/artifacts/\(id)", timeout: .seconds(timeout))
                let download = ArtifactDownload(id: id, response: response)
                if target == "-" {
                    _ = try await download.writeToStandardOutput()
                    return
                }
                let written = try await download.write(toFile: target)
                if connection.json {
                    let object: [String: Any] = ["id": id, "path": target, "size": written.size, "sha256": written.sha256]
                    let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
                    return Output.json(Array(data))
                }
                print("Wrote \(written.size) bytes to \(target) (SHA-256 \(written.sha256)).")
            }
        }
    }
}
