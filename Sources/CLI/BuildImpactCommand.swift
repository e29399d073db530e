import ArgumentParser
import Core
import Foundation

/// `mobile-ops builds impact ID`: what each `ui_tests:` job of a build ran and skipped, and why.
struct BuildImpactCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "impact",
        abstract: "Show which UI suites each ui_tests: job of a build ran and skipped, and why.",
        discussion: """
            Example:
              mobile-ops builds impact 12
            """)
    @OptionGroup var connection: ConnectionOptions
    @Argument(help: "Build id.") var id: Int64

    /// `GET /api/v1/builds/{id}/impact` answer.
    struct Reports: Decodable {
        struct Job: Decodable {
            var jobID: Int64
            var stepKey: String
            var report: UITestReport
        }
        var jobs: [Job]
    }

    func run() async throws {
        try await connection.get("/api/v1/builds/\(id)/impact", as: Reports.self) { answer in
            guard !answer.jobs.isEmpty else {
                return print("Build \(id) has no ui_tests: selection (no step of its pipeline has ui_tests:, or none has started).")
            }
            for (index, job) in answer.jobs.enumerated() {
                if index > 0 { print("") }
                Self.printReport(job)
            }
        }
    }

    private static func printReport(_ job: Reports.Job) {
        let report = job.report
        let total = report.selected.count + report.skipped.count
        let shard = report.shardCount > 1 ? " (shard \(report.shardIndex + 1) of \(report.shardCount))" : ""
        let mode = report.mode == "all" ? "every suite runs" : "\(report.selected.count) of \(total) suites selected"
        print("Job \(job.jobID) \(job.stepKey)\(shard): \(mode); this shard runs "
            + (report.shardSuites.isEmpty ? "nothing" : report.shardSuites.joined(separator: ", "))
            + " (about \(MetricsFormatting.seconds(report.predictedSeconds)))")
        for reason in report.runAllReasons { print("  run all: \(reason)") }
        let rows = report.selected.map { [$0.name, $0.module, "run", $0.reason] } + report.skipped.map { [$0.name, $0.module, "skip", $0.reason] }
        if !rows.isEmpty { Output.table(["SUITE", "MODULE", "", "WHY"], rows) }
        for warning in report.warnings { print("  warning: \(warning)") }
    }
}
