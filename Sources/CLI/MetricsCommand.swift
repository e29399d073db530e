import ArgumentParser

/// `mobile-ops metrics …`: build-time and cache figures from the server, and the offline parser.
struct MetricsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metrics",
        abstract: "Build times, cache hit rates, regressions, test health and findings; post reports; parse build output offline.",
        discussion: """
            Examples:
              mobile-ops metrics summary --window 7d --group-by pipeline
              mobile-ops metrics flaky --repository acme/ios-app
              mobile-ops metrics parse build.log
            """,
        subcommands: [
            MetricsSummaryCommand.self, MetricsCacheCommand.self, MetricsRegressionsCommand.self, MetricsFlakyCommand.self,
            MetricsSlowestTestsCommand.self, MetricsRegressedTestsCommand.self, MetricsFindingsCommand.self, MetricsReportCommand.self,
            MetricsParseCommand.self,
        ]
    )
}
