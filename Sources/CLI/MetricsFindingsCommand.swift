import ArgumentParser
import Foundation

/// `mobile-ops metrics findings --repository R [--branch B] [--window 30d]`: analysers'
/// findings per day on a branch, and the rules that grew.
struct MetricsFindingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "findings",
        abstract: "Findings per day on a branch (each pipeline's newest build of the day), and the rules that grew most.",
        discussion: """
            Examples:
              mobile-ops metrics findings --repository acme/ios-app
              mobile-ops metrics findings --repository acme/ios-app --window 4w --json
            """)
    @OptionGroup var connection: ConnectionOptions
    @Option(help: "The repository (full name).") var repository: String
    @Option(help: "The branch (default: the repository's default branch).") var branch: String?
    @Option(help: "Window: days or weeks, e.g. 30d, 4w.") var window = "30d"

    func run() async throws {
        let query = MetricsFormatting.query([("repository", repository), ("branch", branch), ("window", window)])
        try await connection.get("/api/v1/metrics/findings" + query, as: FindingsTrendView.self) { trend in
            let days = Dictionary(grouping: trend.rows, by: \.day).mapValues { $0.reduce(0) { $0 + $1.count } }.sorted { $0.key < $1.key }
            print("Findings on \(trend.branch) of \(repository) over \(trend.days) days: "
                + (days.isEmpty ? "none recorded" : "\(days.first?.value ?? 0) → \(days.last?.value ?? 0)  \(Sparkline.render(days.map { Double($0.value) }))"))
            if !days.isEmpty {
                print("")
                Output.table(["DAY", "FINDINGS"], days.map { [$0.key, "\($0.value)"] })
            }
            print("")
            print("Rules that grew most (first day → last day):")
            Output.table(["TOOL", "RULE", "FIRST", "LAST", "CHANGE"], trend.growing.map {
                [$0.tool, $0.ruleID, "\($0.first)", "\($0.last)", "+\($0.change)"]
            })
        }
    }
}
