import ArgumentParser
import Core
import Foundation

/// `mobile-ops builds findings ID [--fail-on L]`: a build's analyser findings against its
/// baseline; with `--post FILE`, first stores a report another CI's analyser wrote.
struct BuildFindingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "findings",
        abstract: "Show a build's new findings against its baseline, or post an analyser's report (write token).",
        discussion: """
            A pull request's baseline is the same pipeline's build of its merge base (or of the \
            nearest built commit before it); any other build's is the previous build of its branch. \
            The answer says which build was taken and why. --post sends a report as the \
            tool wrote it (SARIF 2.1.0, Checkstyle XML, Android Lint XML, SwiftLint JSON or GitLab Code \
            Quality JSON, told apart by content); posting the same --source again replaces its findings. See docs/findings.md.

            Examples:
              mobile-ops builds findings 12
              mobile-ops builds findings 12 --fail-on warning --json
              mobile-ops builds findings 12 --post lint.sarif --source swiftlint --root "$PWD"
            """)
    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "Build id.") var id: Int64
    @Option(name: .customLong("fail-on"), help: "Which new findings fail the build: error, warning or never (default error).")
    var failOn: String?
    @Option(help: "Store this report with the build first (write token).") var post: String?
    @Option(help: "With --post: the report's name for the build (default api).") var source: String?
    @Option(help: "With --post: the absolute path of the checkout the report was made in; paths under it become relative.")
    var root: String?

    func validate() throws {
        if let failOn, !["error", "warning", "never"].contains(failOn) {
            throw ValidationError("--fail-on must be error, warning or never, not '\(failOn)'")
        }
        if post == nil, source != nil || root != nil { throw ValidationError("--source and --root go with --post FILE") }
    }

    func run() async throws {
        try await reportingErrors { () async throws(CLIError) in
            let client = connection.client()
            if let post {
                let query = MetricsFormatting.query([("source", source), ("root", root)])
                let report = try await LocalFile.read(post)
                let (stored, body) = try await client.post(
                    "/api/v1/builds/\(id)/findings" + query, bytes: report, contentType: "application/octet-stream", as: Upload.self)
                if connection.json { return Output.json(body) }
                // The levels count unsuppressed findings; the suppressed ones are the rest.
                let levels = stored.levels.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }
                    + ((stored.suppressed ?? 0) > 0 ? ["\(stored.suppressed ?? 0) suppressed"] : [])
                print("Stored \(stored.findings) findings of \(post) (\(stored.format)) as source '\(stored.source)' of build \(stored.buildID)"
                    + (levels.isEmpty ? "." : ": \(levels.joined(separator: ", ")).") + "\n")
            }
            let (findings, body) = try await client.get(
                "/api/v1/builds/\(id)/findings" + MetricsFormatting.query([("fail_on", failOn)]), as: BuildFindingsView.self)
            if connection.json { return Output.json(body) }
            FindingsFormatting.print(findings)
        }
    }

    /// `POST /api/v1/builds/{id}/findings` answer.
    struct Upload: Decodable {
        var buildID: Int64
        var source: String
        var format: String
        var findings: Int
        var levels: [String: Int]
        /// Absent from servers that predate suppressions.
        var suppressed: Int?
    }
}
