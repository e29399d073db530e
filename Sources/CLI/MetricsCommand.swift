import ArgumentParser

/// `mobile-ops metrics …`: build-time and cache figures from the server, and the offline parser.
struct MetricsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metrics",
        abstract: "Build times, cache hit rates, regressions and test health; parse build output offline.",
        subcommands: [
            MetricsSummaryCommand.self, MetricsCacheCommand.self, MetricsRegressionsCommand.self, MetricsFlakyCommand.self,
            MetricsSlowestTestsCommand.self, MetricsRegressedTestsCommand.self, MetricsParseCommand.self,
        ]
    )
}
