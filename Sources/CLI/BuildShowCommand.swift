import ArgumentParser
import Core
import Foundation

/// `mobile-ops builds show ID`: the build, its times, each job with its agent and why it waits
/// or how it ended, and the failed tests.
struct BuildShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a build: its times, its jobs with their agents and why they wait or failed, and its failed tests.",
        discussion: """
            A job that failed without an exit status failed on its step's findings (fail_on) or \
            dependency rules (checks), or at the checkout: DETAIL says which when the build's new \
            findings fail it, else its log does.

            Example:
              mobile-ops builds show 12
            """)
    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "Build id.") var id: Int64

    func run() async throws {
        try await reportingErrors { () async throws(CLIError) in
            let client = connection.client()
            let (build, body) = try await client.get("/api/v1/builds/\(id)", as: Build.self)
            if connection.json { return Output.json(body) }
            BuildFormatting.printDetail(build, extras: BuildExtras.read(body), failure: try await failure(of: build, client: client))
            let (tests, _) = try await client.get("/api/v1/builds/\(id)/tests?failed=true", as: BuildTestsView.self)
            if tests.jobs.contains(where: { $0.totals != nil || !$0.warnings.isEmpty }) {
                print("")
                TestFormatting.print(tests, listAll: false)
                print("\nAll tests: mobile-ops builds tests \(id)")
            }
        }
    }

    /// What a failed job without an exit status failed on, when the build has such a job: the
    /// build's new findings when it has any (a step's `fail_on` decides which fail it), else
    /// dependency rules or the checkout, which only its log details.
    private func failure(of build: Build, client: APIClient) async throws(CLIError) -> String? {
        guard (build.jobs ?? []).contains(where: { $0.state == .failed && $0.exitStatus == nil }) else { return nil }
        let (findings, _) = try await client.get("/api/v1/builds/\(build.id)/findings", as: BuildFindingsView.self)
        guard findings.newCount > 0 else { return "no command failed: dependency rules or the checkout (see its log)" }
        return "no command failed: \(findings.newCount) new findings (\(FindingsFormatting.levels(findings.new))), "
            + "see mobile-ops builds findings \(build.id)"
    }
}
