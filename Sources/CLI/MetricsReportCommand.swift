import ArgumentParser
import Foundation

/// `mobile-ops metrics report FILE [--waited-on true|false]`: stores a build report another
/// CI (or a developer's machine) wrote, as `POST /api/v1/metrics/builds` takes it.
struct MetricsReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Store a build report from another CI or a local build (write token).",
        discussion: """
            FILE is the report's JSON (docs/build-metrics.md, "Reporting builds from other CIs"); \
            - reads it from standard input. The server checks it whole and lists every problem. \
            A report whose id is already stored for the repository is not stored again.

            Examples:
              mobile-ops metrics report build-report.json
              ./make-report.sh | mobile-ops metrics report - --waited-on true
            """)
    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "The report (JSON), or - for standard input.") var file: String
    @Option(name: .customLong("waited-on"), help: "true or false: did a developer wait on the build (default: true for environment local).")
    var waitedOn: String?

    func validate() throws {
        if let waitedOn, !["true", "false"].contains(waitedOn) {
            throw ValidationError("--waited-on must be true or false, not '\(waitedOn)'")
        }
    }

    func run() async throws {
        try await reportingErrors { () async throws(CLIError) in
            struct Stored: Decodable { var id: Int64; var created: Bool }
            let report = file == "-" ? try await LocalFile.readStandardInput() : try await LocalFile.read(file)
            let path = "/api/v1/metrics/builds" + MetricsFormatting.query([("waitedOn", waitedOn)])
            let (stored, body) = try await connection.client().post(path, bytes: report, contentType: "application/json", as: Stored.self)
            if connection.json { return Output.json(body) }
            print(stored.created ? "Stored build report \(stored.id)." : "Build report \(stored.id) was already stored; nothing changed.")
        }
    }
}
