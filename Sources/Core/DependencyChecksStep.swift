import MemberwiseInit

/// A step's `checks: deps`: before its commands, the agent checks the module graph in its
/// checkout against the project's dependency rules, and the job fails on violations the pull
/// request's target branch does not already have.
@MemberwiseInit(.public)
public struct DependencyChecksStep: Codable, Sendable, Equatable {
    /// The project folder in the checkout (default `.`).
    public var project: String = "."
    /// The rules file, relative to the project folder (default `mobile-ops-checks.yml`).
    public var rules: String?
    /// Read only this build description (`gradle`, `xcodegen`, `spm`) when the project has several.
    public var kind: String?
}
