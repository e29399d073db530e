import MemberwiseInit

/// A step's `reports:` and `fail_on:`: after the commands, the agent reads the analysers'
/// reports the globs match in its checkout, sends their findings to the server, and the job
/// fails when a finding the target branch does not already have is severe enough.
@MemberwiseInit(.public)
public struct FindingsStep: Codable, Sendable, Equatable {
    /// Globs relative to the checkout, matched as `artifacts:` are; each must match a file.
    public var reports: [String]
    /// Which new findings fail the step.
    public var failOn: FailOn = .error
}

/// Which new findings fail a step: the pipeline's `fail_on:`, also the `fail_on` of
/// `GET /api/v1/builds/{id}/findings` (the `Findings` module says which levels it covers).
public enum FailOn: String, Codable, Sendable, CaseIterable {
    /// A new finding at level `error` fails the step (the default).
    case error
    /// A new finding at level `warning` or `error` fails the step.
    case warning
    /// Findings are reported and never fail the step.
    case never
}
