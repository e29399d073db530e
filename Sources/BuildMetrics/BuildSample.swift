import Foundation
import MemberwiseInit

/// The slice of a stored build that aggregation needs. The store builds these from its rows
/// (or from ``BuildReport``s) and hands them to the pure functions of this module.
@MemberwiseInit(.public)
public struct BuildSample: Codable, Sendable, Equatable {
    /// When the build finished; windows are chosen by this time.
    public var finishedAt: Date
    /// Run time in seconds (without the queue wait).
    public var durationSeconds: Double
    /// Seconds waited for a machine.
    public var queueSeconds: Double = 0
    /// How the build ended.
    public var outcome: BuildOutcome
    /// Whether a developer was waiting on it (a pull-request or manual build, not a nightly).
    public var waitedOn: Bool = true
    /// Grouping columns.
    public var dimensions: BuildDimensions = BuildDimensions(repository: "")

    /// A sample from a report; nil when the report has no finish time or duration.
    public init?(_ report: BuildReport, waitedOn: Bool) {
        guard let duration = report.effectiveDurationSeconds,
              let finished = report.finishedAt ?? report.startedAt.map({ $0.addingTimeInterval(duration) }) else { return nil }
        self.init(
            finishedAt: finished, durationSeconds: duration, queueSeconds: report.queueSeconds ?? 0,
            outcome: report.outcome, waitedOn: waitedOn, dimensions: report.dimensions)
    }
}
