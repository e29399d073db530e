import ArgumentParser
import Foundation

/// Options every `metrics` query shares: window and filters.
struct MetricsFilterOptions: ParsableArguments {
    @Option(help: "Window: days or weeks, e.g. 7d, 30d, 4w.") var window = "7d"
    @Option(help: "Only this repository.") var repository: String?
    @Option(help: "Only this pipeline.") var pipeline: String?
    @Option(help: "Only this branch.") var branch: String?
    @Option(help: "Only this platform: ios, android or other.") var platform: String?

    /// The filters as query pairs.
    var pairs: [(String, String?)] {
        [("window", window), ("repository", repository), ("pipeline", pipeline), ("branch", branch), ("platform", platform)]
    }
}

/// `mobile-ops metrics summary [--window 7d] [--group-by pipeline] [--speedup 20] [filters]`
struct MetricsSummaryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "Queue, run and total time percentiles of builds, success rate and the cost of waiting, against the previous window.",
        discussion: """
            Percentiles come from a histogram kept per day: within 5% of the exact value, and anything \
            under 0.1 s shows as <0.1s (a queue that an idle agent picked up at once).

            Examples:
              mobile-ops metrics summary
              mobile-ops metrics summary --window 30d --group-by platform --speedup 20
            """
    )
    @OptionGroup var connection: ConnectionOptions
    @OptionGroup var filters: MetricsFilterOptions
    @Option(help: "Group by repository, pipeline, branch or platform.") var groupBy: String?
    @Option(help: "Price a run-time speed-up of this many percent in developer-hours per month.") var speedup: Double?

    func run() async throws {
        let query = MetricsFormatting.query(filters.pairs + [("groupBy", groupBy), ("speedup", speedup.map { String($0) })])
        try await connection.get("/api/v1/metrics/summary" + query, as: SummaryView.self) { summary in
            print("Builds over the last \(summary.window.days) day(s), compared with the \(summary.window.days) before "
                + "(queue = first job assigned - created, run = last job finished - first job started, total = finished - created):")
            Output.table(
                ["GROUP", "BUILDS", "SUCCESS", "QUEUE P50", "RUN P50", "RUN P90", "RUN P95", "TOTAL P50", "TOTAL P95", "Δ RUN P50", "Δ BUILDS"],
                summary.groups.map { group in
                    let current = group.current
                    return [
                        group.key ?? "all", "\(current.count)", MetricsFormatting.rate(current.successRate),
                        MetricsFormatting.percentile(current.queue?.p50), MetricsFormatting.percentile(current.run?.p50),
                        MetricsFormatting.percentile(current.run?.p90), MetricsFormatting.percentile(current.run?.p95),
                        MetricsFormatting.percentile(current.total?.p50), MetricsFormatting.percentile(current.total?.p95),
                        MetricsFormatting.change(group.change.runP50Percent), MetricsFormatting.change(group.change.countPercent),
                    ]
                })
            let waiting = summary.waiting
            print("")
            print(String(format: "Waiting: %.1f developer-hours on %d waited-on builds  ", waiting.totalHours, waiting.waitedBuilds)
                + Sparkline.render(waiting.perDay.map(\.hours)))
            if let percent = waiting.speedupPercent, let saved = waiting.hoursSavedPerMonth {
                print(String(format: "A %.0f%% faster build would save %.1f developer-hours per month.", percent, saved))
            }
        }
    }
}
