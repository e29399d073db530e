import ArgumentParser

/// `mobile-ops metrics …`: build-time and cache figures from the server, and the offline parser.
struct MetricsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metrics",
        abstract: "Build times, cache hit rates and regressions; parse build output offline.",
        subcommands: [MetricsSummaryCommand.self, MetricsCacheCommand.self, MetricsRegressionsCommand.self, MetricsParseCommand.self]
    )
}
