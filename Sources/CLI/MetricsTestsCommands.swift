import ArgumentParser
import Foundation

/// Options the test-metrics commands share.
struct TestMetricsOptions: ParsableArguments {
    @Option(help: "Window: days or weeks, e.g. 7d, 30d, 4w.") var window = "7d"
    @Option(help: "Only this repository.") var repository: String?
    @Option(help: "How many tests (1-500).") var limit = 20

    /// The options as query pairs.
    var pairs: [(String, String?)] { [("window", window), ("repository", repository), ("limit", String(limit))] }
}

/// `mobile-ops metrics flaky [--window 7d] [--repository R] [--limit N]`
struct MetricsFlakyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flaky", abstract: "Tests that failed and passed on the same commit, the highest flip rate first.",
        discussion: "Examples:\n  mobile-ops metrics flaky\n  mobile-ops metrics flaky --window 30d --repository acme/ios-app")
    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var options: TestMetricsOptions

    func run() async throws {
        let path = "/api/v1/metrics/tests/flaky" + MetricsFormatting.query(options.pairs)
        try await connection.get(path, as: FlakyTestsView.self) { answer in
            Output.table(["TEST", "REPOSITORY", "FLIP RATE", "FLIPS", "ATTEMPTS", "FAILED", "COMMITS", "LAST SEEN", "BUILDS"], answer.tests.map { item in
                [
                    item.test.display, item.test.repository, MetricsFormatting.rate(item.flipRate), "\(item.flips)", "\(item.attempts)",
                    "\(item.failures)", "\(item.flakyCommits)", Output.time(item.lastSeenAt), item.runs.map(\.display).joined(separator: ", "),
                ]
            })
        }
    }
}

/// `mobile-ops metrics slowest-tests [--window 7d] [--repository R] [--limit N]`
struct MetricsSlowestTestsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slowest-tests", abstract: "Tests with the highest median duration in the window.",
        discussion: "Example:\n  mobile-ops metrics slowest-tests --repository acme/android-app --limit 10")
    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var options: TestMetricsOptions

    func run() async throws {
        let path = "/api/v1/metrics/tests/slowest" + MetricsFormatting.query(options.pairs)
        try await connection.get(path, as: SlowestTestsView.self) { answer in
            Output.table(["TEST", "REPOSITORY", "P50", "P90", "MAX", "RUNS", "LAST SEEN", "SLOWEST IN"], answer.tests.map { item in
                [
                    item.test.display, item.test.repository, TestFormatting.seconds(item.p50Seconds), TestFormatting.seconds(item.p90Seconds),
                    TestFormatting.seconds(item.maxSeconds), "\(item.runs)", Output.time(item.lastSeenAt), item.slowestRun.display,
                ]
            })
        }
    }
}

/// `mobile-ops metrics regressed-tests [--window 7d] [--repository R] [--min-runs 3] [--min-change 20]`
struct MetricsRegressedTestsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "regressed-tests", abstract: "Tests whose median duration grew against the window before.",
        discussion: """
            A test is listed when its median grew by at least --min-change percent and --min-change-seconds, \
            with at least --min-runs timed runs in each window.

            Examples:
              mobile-ops metrics regressed-tests
              mobile-ops metrics regressed-tests --min-runs 5 --min-change 50
            """)
    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var options: TestMetricsOptions
    // Optional so the server's defaults apply; the help states them.
    @Option(help: "Fewest timed runs in each window (default 3).") var minRuns: Int?
    @Option(help: "Smallest growth of the median, in percent (default 20).") var minChange: Double?
    @Option(help: "Smallest growth of the median, in seconds (default 0.1).") var minChangeSeconds: Double?

    func run() async throws {
        let pairs = options.pairs + [
            ("minRuns", minRuns.map(String.init)), ("minChangePercent", minChange.map { String($0) }),
            ("minChangeSeconds", minChangeSeconds.map { String($0) }),
        ]
        try await connection.get("/api/v1/metrics/tests/regressed" + MetricsFormatting.query(pairs), as: RegressedTestsView.self) { answer in
            print("Median at least \(Int(answer.minChangePercent))% and \(TestFormatting.seconds(answer.minChangeSeconds)) slower, over at least \(answer.minRuns) runs in each window:")
            Output.table(["TEST", "REPOSITORY", "BEFORE", "NOW", "CHANGE", "RUNS", "LAST SEEN", "SLOWEST IN"], answer.tests.map { item in
                [
                    item.test.display, item.test.repository, TestFormatting.seconds(item.previousP50Seconds), TestFormatting.seconds(item.p50Seconds),
                    MetricsFormatting.change(item.changePercent), "\(item.previousRuns) → \(item.runs)", Output.time(item.lastSeenAt),
                    item.slowestRun.display,
                ]
            })
        }
    }
}
