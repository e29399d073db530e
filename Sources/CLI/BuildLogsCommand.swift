import ArgumentParser
import Core
import Foundation

/// `mobile-ops builds logs BUILD_ID [--job ID | --step KEY] [--follow] [--json]`: the logs of a
/// build's jobs (the latest attempt of each), or of one job or one step's shards.
struct BuildLogsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logs",
        abstract: "Print a build's job logs: every job, or the one picked with --job or --step.",
        discussion: """
            With several jobs, each log follows a '── job ID STEP (STATE)' line. --follow prints new \
            output until each job ends, and follows a job's retry; while a job waits, why it waits \
            goes to standard error (so a file or pipe gets only the logs).

            Examples:
              mobile-ops builds logs 12 > build-12.log
              mobile-ops builds logs 12 --step unit-tests --follow
              mobile-ops builds logs 12 --job 40 --json
            """)
    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "Build id (as every other 'builds' command takes).") var build: Int64
    @Option(help: "Only this job (an id from 'builds show').") var job: Int64?
    @Option(help: "Only this step's jobs (every shard, latest attempt).") var step: String?
    @Flag(help: "Keep printing new output until the jobs finish.") var follow = false

    func validate() throws {
        if job != nil, step != nil { throw ValidationError("--job and --step both pick jobs; give one of them") }
        if follow, connection.json { throw ValidationError("--follow streams text; leave out --json") }
    }

    func run() async throws {
        try await reportingErrors { () async throws(CLIError) in
            let client = connection.client()
            let (found, _) = try await client.get("/api/v1/builds/\(build)", as: Build.self)
            let jobs = try pick(from: found.jobs ?? [])
            if connection.json { return try await printJSON(jobs, client: client) }
            for job in jobs {
                if jobs.count > 1 { print("── job \(job.id) \(job.label) (\(job.state.rawValue))") }
                if follow {
                    try await JobLogFollower(client: client).follow(job)
                } else {
                    Output.raw(try await client.getRaw("/api/v1/jobs/\(job.id)/log"))
                }
            }
        }
    }

    /// The jobs asked for; superseded attempts are left out.
    private func pick(from jobs: [Job]) throws(CLIError) -> [Job] {
        let latest = jobs.filter { $0.supersededBy == nil }
        if let job {
            guard let found = jobs.first(where: { $0.id == job }) else {
                throw CLIError.usage("build \(build) has no job \(job); its jobs: \(jobs.map { String($0.id) }.joined(separator: ", "))")
            }
            return [found]
        }
        if let step {
            let matching = latest.filter { $0.stepKey == step }
            guard !matching.isEmpty else {
                let keys = Set(latest.map(\.stepKey)).sorted().joined(separator: ", ")
                throw CLIError.usage("build \(build) has no step '\(step)'; its steps: \(keys)")
            }
            return matching
        }
        return latest
    }

    /// `{"build": ID, "jobs": [{"id", "stepKey", "label", "state", "log"}]}`.
    private func printJSON(_ jobs: [Job], client: APIClient) async throws(CLIError) {
        var entries: [[String: Any]] = []
        for job in jobs {
            let log = try await client.getRaw("/api/v1/jobs/\(job.id)/log")
            entries.append([
                "id": job.id, "stepKey": job.stepKey, "label": job.label, "state": job.state.rawValue,
                "log": String(decoding: log, as: UTF8.self),
            ])
        }
        let object: [String: Any] = ["build": build, "jobs": entries]
        let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
        Output.json(Array(data))
    }
}
