/// A step's `reports:` and `fail_on:`: after the commands, the agent reads the analysers'
/// reports the globs match in its checkout, sends their findings to the server, and the job
/// fails when a finding the target branch does not already have is severe enough.
public struct FindingsStep: Codable, Sendable, Equatable {
    /// Which new findings fail the step: the pipeline's `fail_on:`.
    public enum FailOn: String, Codable, Sendable, CaseIterable {
        /// A new finding at level `error` (the default).
        case error
        /// A new finding at level `warning` or `error`.
        case warning
        /// None: findings are reported only.
        case never
    }

    /// Globs relative to the checkout, matched as `artifacts:` are; each must match a file.
    public var reports: [String]
    /// Which new findings fail the step.
    public var failOn: FailOn

    /// Creates the step's settings; by default new errors fail it.
    public init(reports: [String], failOn: FailOn = .error) {
        self.reports = reports
        self.failOn = failOn
    }
}
