import ArgumentParser
import Foundation

/// `mobile-ops builds tests ID [--failed]`
struct BuildTestsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tests",
        abstract: "Show a build's test results per job, failed tests first, with messages and file:line.",
        discussion: """
            With --failed, only failed tests are listed, and jobs that reported no tests are left out.

            Examples:
              mobile-ops builds tests 12
              mobile-ops builds tests 12 --failed
            """
    )
    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "Build id.") var id: Int64
    @Flag(help: "Only failed tests, of the jobs that reported tests.") var failed = false

    func run() async throws {
        let path = "/api/v1/builds/\(id)/tests" + (failed ? "?failed=true" : "")
        try await connection.get(path, as: BuildTestsView.self) { results in
            TestFormatting.print(results, listAll: !failed)
        }
    }
}
