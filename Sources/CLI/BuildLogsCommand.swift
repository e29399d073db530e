import ArgumentParser
import Core
import Foundation

/// `mobile-ops builds logs JOB_ID [--follow]`: a job's log; `--follow` keeps printing until it ends.
struct BuildLogsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "logs", abstract: "Print a job's log.")
    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "Job id (see 'builds show').") var job: Int64
    @Flag(help: "Keep printing new output until the job finishes.") var follow = false

    func run() async throws {
        try await reportingErrors { () async throws(CLIError) in
            let client = connection.client()
            var printed = 0
            while true {
                let log = try await client.getRaw("/api/v1/jobs/\(job)/log")
                if log.count > printed {
                    FileHandle.standardOutput.write(Data(log[printed...]))
                    printed = log.count
                }
                guard follow else { return }
                let (state, _) = try await client.get("/api/v1/jobs/\(job)", as: Job.self)
                if state.state.isFinished {
                    // One last read for chunks that arrived with the finish.
                    let tail = try await client.getRaw("/api/v1/jobs/\(job)/log")
                    if tail.count > printed { FileHandle.standardOutput.write(Data(tail[printed...])) }
                    return
                }
                try? await Task.sleep(for: .seconds(1))
            }
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
