import Foundation
import MemberwiseInit

/// One build, measured: where it ran, how long it took and waited, and what its steps, tasks
/// and tests did. The body of `POST /api/v1/metrics/builds` and what the agent sends per job.
///
/// JSON keys are the property names (camelCase); times are ISO 8601 UTC; durations are seconds.
/// Decode with ``BuildReport/decode(_:)``, which also runs ``BuildReport/validate()`` so a bad
/// report is rejected whole.
@MemberwiseInit(.public)
public struct BuildReport: Codable, Sendable, Equatable {
    /// An optional id from the system that produced the report (another CI's build number, a
    /// laptop's UUID), so a re-sent report can be recognised.
    public var id: String?
    /// Where and how the build ran: the columns reports are grouped by.
    public var dimensions: BuildDimensions
    /// When the build started running (after any queue wait).
    public var startedAt: Date?
    /// When the build finished.
    public var finishedAt: Date?
    /// Wall time of the run in seconds; when absent, `finishedAt - startedAt`.
    public var durationSeconds: Double?
    /// Seconds spent waiting for a machine before the build started.
    public var queueSeconds: Double?
    /// How the build ended.
    public var outcome: BuildOutcome
    /// The build's steps (shell steps of a pipeline job, CI stages), in order.
    public var steps: [StepRecord] = []
    /// Build-system work units: Gradle tasks, Xcode targets.
    public var tasks: [TaskRecord] = []
    /// Test results, when the build ran tests.
    public var tests: TestSummary?
    /// The commit that was built (a SHA), so a test that fails and passes on the same commit
    /// is recognised as flaky. MobileOps' own jobs are given their build's commit by the server.
    public var commit: String?

    /// The run time in seconds: the explicit duration, else the span between start and finish.
    public var effectiveDurationSeconds: Double? {
        if let durationSeconds { return durationSeconds }
        guard let startedAt, let finishedAt else { return nil }
        return finishedAt.timeIntervalSince(startedAt)
    }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey {
        case id, dimensions, startedAt, finishedAt, durationSeconds, queueSeconds, outcome, steps, tasks, tests, commit
    }

    /// Decodes a report; `steps` and `tasks` may be omitted and default to empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        dimensions = try container.decode(BuildDimensions.self, forKey: .dimensions)
        startedAt = try container.decodeIfPresent(Date.self, forKey: .startedAt)
        finishedAt = try container.decodeIfPresent(Date.self, forKey: .finishedAt)
        durationSeconds = try container.decodeIfPresent(Double.self, forKey: .durationSeconds)
        queueSeconds = try container.decodeIfPresent(Double.self, forKey: .queueSeconds)
        outcome = try container.decode(BuildOutcome.self, forKey: .outcome)
        steps = try container.decodeIfPresent([StepRecord].self, forKey: .steps) ?? []
        tasks = try container.decodeIfPresent([TaskRecord].self, forKey: .tasks) ?? []
        tests = try container.decodeIfPresent(TestSummary.self, forKey: .tests)
        commit = try container.decodeIfPresent(String.self, forKey: .commit)
    }
}
