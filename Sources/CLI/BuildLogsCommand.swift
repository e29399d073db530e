import ArgumentParser
import Core
import Foundation

/// `mobile-ops builds logs BUILD_ID [--job ID | --step KEY] [--follow] [--json]`: the logs of a
/// build's jobs (the latest attempt of each), or of one job or one step's shards.
struct BuildLogsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logs", abstract: "Print a build's job logs: every job, or the one picked with --job or --step.")
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
                try await printLog(of: job, client: client)
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

    /// One job's log; with `--follow`, new output until the job finishes.
    private func printLog(of job: Job, client: APIClient) async throws(CLIError) {
        var printed = 0
        while true {
            let log = try await client.getRaw("/api/v1/jobs/\(job.id)/log")
            if log.count > printed {
                FileHandle.standardOutput.write(Data(log[printed...]))
                printed = log.count
            }
            guard follow else { return }
            let (state, _) = try await client.get("/api/v1/jobs/\(job.id)", as: Job.self)
            if state.state.isFinished {
                // One last read for chunks that arrived with the finish.
                let tail = try await client.getRaw("/api/v1/jobs/\(job.id)/log")
                if tail.count > printed { FileHandle.standardOutput.write(Data(tail[printed...])) }
                return
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }
}

/// `mobile-ops builds watch ID`: live job progress; exits 0 when the build passed, 1 otherwise.
struct BuildWatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "watch", abstract: "Follow a build until it ends; exit status is its outcome.")
    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "Build id.") var id: Int64
    @Option(help: "Seconds between checks.") var interval: Double = 1

    func run() async throws {
        var outcome: BuildState = .pending
        try await reportingErrors { () async throws(CLIError) in
            let client = connection.client()
            var seen: [Int64: String] = [:]
            while true {
                let (build, body) = try await client.get("/api/v1/builds/\(id)", as: Build.self)
                for job in build.jobs ?? [] {
                    let line = BuildFormatting.jobRow(job).joined(separator: "  ")
                    if seen[job.id] != line, !connection.json {
                        print(line)
                        seen[job.id] = line
                    }
                }
                if build.state.isFinished {
                    outcome = build.state
                    if connection.json { Output.json(body) } else { print("Build \(build.id) \(build.state.rawValue).") }
                    return
                }
                try? await Task.sleep(for: .seconds(max(0.2, interval)))
            }
        }
        if outcome != .passed { throw ExitCode(1) }
    }
}
