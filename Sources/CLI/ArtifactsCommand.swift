import ArgumentParser
import Core
import Foundation

/// `mobile-ops artifacts list BUILD [--job ID]` and `mobile-ops artifacts download ID [--output FILE]`.
struct ArtifactsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "artifacts", abstract: "List a build's artifacts and download them.", subcommands: [List.self, Download.self])

    /// `mobile-ops artifacts list BUILD [--job ID]`
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the artifacts of a build's jobs (read token).")
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
        static let configuration = CommandConfiguration(abstract: "Download an artifact (read token).")
        @OptionGroup var connection: ConnectionOptions
        @Argument(help: "Artifact id (see 'artifacts list').") var id: Int64
        @Option(help: "Where to write it: a file (default artifact-ID here) or - for standard output.") var output: String?

        func run() async throws {
            try await reportingErrors { () async throws(CLIError) in
                let bytes = try await connection.client().getRaw("/api/v1/artifacts/\(id)")
                let target = output ?? "artifact-\(id)"
                if target == "-" { return FileHandle.standardOutput.write(Data(bytes)) }
                guard FileManager.default.createFile(atPath: target, contents: Data(bytes)) else {
                    throw CLIError.usage("cannot write \(target)")
                }
                if connection.json {
                    let data = (try? JSONSerialization.data(withJSONObject: ["id": id, "path": target, "size": bytes.count])) ?? Data()
                    return Output.json(Array(data))
                }
                print("Wrote \(bytes.count) bytes to \(target).")
            }
        }
    }
}
