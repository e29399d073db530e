import ArgumentParser
import Foundation

/// `mobile-ops metrics regressions [--open]`
struct MetricsRegressionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "regressions",
        abstract: "Recorded build-time and cache hit-rate regressions, newest first.",
        discussion: """
            Examples:
              mobile-ops metrics regressions
              mobile-ops metrics regressions --open
            """
    )
    @OptionGroup var connection: ConnectionOptions
    @Flag(help: "Only regressions that have not recovered.") var open = false
    @Option(help: "How many (1-500).") var limit = 50

    func run() async throws {
        let path = "/api/v1/metrics/regressions?limit=\(limit)" + (open ? "&open=true" : "")
        try await connection.get(path, as: RegressionsView.self) { answer in
            Output.table(["ID", "SERIES", "METRIC", "BASELINE", "RECENT", "CHANGE", "DETECTED", "STATUS"], answer.regressions.map { item in
                let value: (Double) -> String = item.metric == "duration" ? { MetricsFormatting.seconds($0) } : { MetricsFormatting.rate($0) }
                return [
                    "\(item.id)", item.seriesKey, item.metric, value(item.baselineMedian), value(item.recentMedian),
                    MetricsFormatting.change(item.changePercent), Output.time(item.detectedAt),
                    item.resolvedAt.map { "recovered \(Output.time($0))" } ?? "open",
                ]
            })
        }
    }
}
