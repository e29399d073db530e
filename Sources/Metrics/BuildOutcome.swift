import Foundation

/// How a build, step or test run ended.
public enum BuildOutcome: String, Codable, Sendable, CaseIterable, StrictRawDecodable {
    /// Finished and succeeded.
    case success
    /// Finished and failed.
    case failure
    /// Stopped before finishing (by a user, a newer commit, a time-out).
    case canceled
}

/// One step of a build: a pipeline shell step or a CI stage.
public struct StepRecord: Codable, Sendable, Equatable {
    /// The step's name, as the pipeline calls it.
    public var name: String
    /// Wall time in seconds.
    public var durationSeconds: Double
    /// How the step ended.
    public var outcome: BuildOutcome

    /// Creates a step record.
    public init(name: String, durationSeconds: Double, outcome: BuildOutcome) {
        self.name = name
        self.durationSeconds = durationSeconds
        self.outcome = outcome
    }
}
