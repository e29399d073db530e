import ArgumentParser
import Core
import Foundation

/// `mobile-ops builds watch ID`: live job progress; exits 0 when the build passed, 1 otherwise.
struct BuildWatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Follow a build until it ends, a line each time a job changes; exit status 0 when it passed, else 1.",
        discussion: """
            Examples:
              mobile-ops builds watch 12
              mobile-ops builds watch 12 --interval 5 && echo "build 12 passed"
            """)
    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "Build id.") var id: Int64
    @Option(help: "Seconds between checks.") var interval: Double = 1

    func run() async throws {
        var outcome: BuildState = .pending
        try await reportingErrors { () async throws(CLIError) in
            let client = connection.client()
            var seen: [Int64: [String]] = [:]
            var widths: [Int]?
            while true {
                let (build, body) = try await client.get("/api/v1/builds/\(id)", as: Build.self)
                let extras = BuildExtras.read(body)
                let rows = (build.jobs ?? []).map { ($0.id, BuildFormatting.jobRow($0, agent: extras.agentName(of: $0), failure: nil)) }
                if !connection.json {
                    // The first look sizes the columns: the jobs are known from the start, their
                    // states are at most "timed_out" long; later rows keep those widths.
                    let layout = widths ?? Self.widths(for: rows.map(\.1))
                    if widths == nil { print(Output.line(BuildFormatting.jobHeader, widths: layout)) }
                    widths = layout
                    for (jobID, row) in rows where seen[jobID] != row {
                        print(Output.line(row, widths: layout))
                        seen[jobID] = row
                    }
                    fflush(nil)
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

    /// Column widths fitting `rows` and every state a job can reach.
    private static func widths(for rows: [[String]]) -> [Int] {
        var widths = Output.columnWidths(BuildFormatting.jobHeader, rows)
        if let state = BuildFormatting.jobHeader.firstIndex(of: "STATE") {
            widths[state] = max(widths[state], JobState.allCases.map(\.rawValue.count).max() ?? 0)
        }
        return widths
    }
}
