import ArgumentParser
import Foundation
import BuildMetrics

/// `mobile-ops metrics parse FILE [--format …] [--json]`: runs the server's metrics parsers on a
/// local file, without a server, so a user can check what a new Xcode's or Gradle's output gives.
struct MetricsParseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Read a build log or test-result file offline and print what the metrics parsers found.",
        discussion: """
            Formats: gradle (console output), xcodebuild (console output), xclogparser (json or flatJson \
            report), junit (XML), xcresult (xcresulttool get test-results tests JSON). The format is \
            detected from the content unless --format is given. Exit status 1 when nothing could be read.

            Examples:
              mobile-ops metrics parse build.log
              mobile-ops metrics parse TEST-LoginTest.xml --format junit --json
            """
    )

    @Argument(help: "The build log or result file.") var file: String
    @Option(help: "gradle | xcodebuild | xclogparser | junit | xcresult (default: detected).") var format: String?
    @Option(help: "How many slow targets and failures to list.") var top = 10
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        if let format, BuildOutputFormat(rawValue: format) == nil {
            throw ValidationError("unknown format \"\(format)\"; use one of: \(BuildOutputFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if top < 0 { throw ValidationError("--top must not be negative") }
    }

    func run() async throws {
        var readNothing = false
        try await reportingErrors { () async throws(CLIError) in
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: file))
            } catch {
                throw .usage("cannot read \(file): \(error.localizedDescription)")
            }
            let chosen = format.flatMap(BuildOutputFormat.init(rawValue:))
            let detection = chosen == nil ? FormatDetector.detect(data, fileName: file) : nil
            let result = BuildOutputParser.parse(data, format: chosen ?? detection?.format, fileName: file)
            readNothing = result.tasks.isEmpty && result.tests == nil && result.outcome == nil && result.timingSummary.isEmpty
            let how = detection.map { "detected from \($0.confidence == .content ? "content" : $0.confidence == .fileName ? "file name" : "nothing: a guess")" } ?? "chosen with --format"
            if json { return printJSON(result, how: how) }
            printHuman(result, how: how)
        }
        if readNothing { throw ExitCode(1) }
    }

    // MARK: Output

    private func printJSON(_ result: ParseResult, how: String) {
        struct Document: Encodable { var file: String; var detection: String; var result: ParseResult }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Document(file: file, detection: how, result: result))) ?? Data()
        print(String(decoding: data, as: UTF8.self))
    }

    private func printHuman(_ result: ParseResult, how: String) {
        print("file:     \(file)")
        print("format:   \(result.format.rawValue) (\(how))")
        let seconds = result.durationSeconds.map { " in \(Self.duration($0))" } ?? ""
        print("outcome:  \(result.outcome?.rawValue ?? "unknown")\(seconds)")
        if !result.tasks.isEmpty {
            let stats = CacheStatistics(tasks: result.tasks)
            // xcodebuild's console does not say which targets were cached: no rate to show.
            let rate = result.format == .xcodebuild ? "n/a" : stats.hitRate.map { String(format: "%.1f%%", $0 * 100) } ?? "n/a"
            print("tasks:    \(result.tasks.count) (executed \(stats.executed), from cache \(stats.fromCache), up-to-date \(stats.upToDate), no-source \(stats.noSource), skipped \(stats.skipped), failed \(stats.failed)); cache hit rate \(rate)")
        }
        if let summary = result.actionableTasks {
            print("gradle:   \(summary.actionable) actionable: \(summary.executed) executed, \(summary.fromCache) from cache, \(summary.upToDate) up-to-date")
        }
        if result.errorCount + result.warningCount > 0 { print("build:    \(result.errorCount) error(s), \(result.warningCount) warning(s)") }
        if let tests = result.tests {
            print("tests:    \(tests.total) total, \(tests.passed) passed, \(tests.failed) failed, \(tests.skipped) skipped, \(tests.flaky) flaky, \(tests.retried) retried; \(Self.duration(tests.durationSeconds))")
        }
        let timed = result.tasks.filter { $0.durationSeconds != nil }.sorted { ($0.durationSeconds ?? 0) > ($1.durationSeconds ?? 0) }
        section("SLOWEST", header: ["TARGET/TASK", "SECONDS", "OUTCOME"], rows: timed.prefix(top).map {
            [$0.name, String(format: "%.3f", $0.durationSeconds ?? 0), $0.outcome.rawValue]
        })
        section("TIMING SUMMARY", header: ["WORK", "TASKS", "SECONDS"], rows: result.timingSummary.sorted { $0.seconds > $1.seconds }.prefix(top).map {
            [$0.name, "\($0.taskCount)", String(format: "%.3f", $0.seconds)]
        })
        let failedTasks = result.tasks.filter { $0.outcome == .failed }
        section("FAILED TASKS", header: ["TASK"], rows: failedTasks.prefix(top).map { [$0.name] })
        section("FAILED TESTS", header: ["SUITE", "TEST", "MESSAGE"], rows: (result.tests?.failures ?? []).prefix(top).map {
            [$0.suite, $0.name, Self.oneLine($0.message ?? "", limit: 120)]
        })
        section("ERRORS", header: ["MESSAGE"], rows: result.errorMessages.prefix(top).map { [Self.oneLine($0, limit: 200)] })
        if !result.warnings.isEmpty {
            print("\nparser warnings:")
            for warning in result.warnings { print("  \(warning.description)") }
        }
    }

    private func section(_ title: String, header: [String], rows: some Collection<[String]>) {
        guard !rows.isEmpty else { return }
        print("\n\(title)")
        Output.table(header, Array(rows))
    }

    /// A message on one line (multi-line failure messages would break the table), cut to `limit`.
    static func oneLine(_ text: String, limit: Int) -> String {
        String(text.split(whereSeparator: \.isNewline).joined(separator: " ").prefix(limit))
    }

    /// `1m 23.4s`, `850ms`.
    static func duration(_ seconds: Double) -> String {
        if seconds < 1 { return String(format: "%.0fms", seconds * 1_000) }
        if seconds < 60 { return String(format: "%.1fs", seconds) }
        let minutes = Int(seconds / 60)
        return minutes < 60
            ? String(format: "%dm %.0fs", minutes, seconds - Double(minutes * 60))
            : String(format: "%dh %dm", minutes / 60, minutes % 60)
    }
}
