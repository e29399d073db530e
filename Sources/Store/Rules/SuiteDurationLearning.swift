import Core
import Foundation

/// What a finished UI-test shard teaches about its suites' durations, decided without SQL so
/// every backend learns the same: its suites took `actual / predicted` times what was expected,
/// so each suite's observation is its expected time scaled by that ratio. The store then moves
/// each suite's estimate halfway towards its observation.
package enum SuiteDurationLearning {
    /// Each suite of the shard with its observed seconds; empty when the shard teaches nothing
    /// (not run to completion, not a selected run, nothing predicted).
    package static func observations(
        state: JobState, startedAt: Date?, finishedAt: Date?, report: UITestReport?, known: [String: Double]
    ) -> [(suite: String, seconds: Double)] {
        guard [.passed, .failed].contains(state), let started = startedAt, let finished = finishedAt, let report,
              report.mode == "selected", !report.shardSuites.isEmpty, report.predictedSeconds > 0
        else { return [] }
        let fallback = report.predictedSeconds / Double(report.shardSuites.count)
        let ratio = max(0, finished.timeIntervalSince(started)) / report.predictedSeconds
        return report.shardSuites.map { suite in (suite, (known[suite] ?? fallback) * ratio) }
    }
}
