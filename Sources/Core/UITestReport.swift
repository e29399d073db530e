import MemberwiseInit

/// What a `ui_tests:` job decided, sent by the agent before its commands run
/// (`POST /api/v1/agent/jobs/{id}/impact`) and shown with the build
/// (`GET /api/v1/builds/{id}/impact`): which UI suites run and why, which were skipped and
/// why, and this shard's share.
@MemberwiseInit(.public)
public struct UITestReport: Codable, Sendable, Equatable {
    /// `selected`: the commands get exactly `shardSuites`. `all`: the analysis could not
    /// read the project, so the commands should run their usual full set (never skip blindly).
    public var mode: String
    /// Why every suite runs (a build file changed, not a pull request, …); empty otherwise.
    public var runAllReasons: [String]
    /// Selected suites with the chain that selected each.
    public var selected: [Choice]
    /// Skipped suites, each with why no change could reach it.
    public var skipped: [Choice]
    /// This job's shard (0-based) and the step's shard count.
    public var shardIndex: Int
    /// The step's shard count.
    public var shardCount: Int
    /// The suites this shard runs, longest expected first.
    public var shardSuites: [String]
    /// Expected seconds for this shard's suites, from earlier builds (default 60 s a suite).
    public var predictedSeconds: Double
    /// Problems met on the way (unreadable graph, git errors); the job still runs.
    public var warnings: [String]

    /// One suite and the reason it was selected or skipped.
    @MemberwiseInit(.public)
    public struct Choice: Codable, Sendable, Equatable {
        /// The suite's name, e.g. `CheckoutUITests` or `:app:androidTest`.
        public var name: String
        /// The module it tests.
        public var module: String
        /// The chain or the reason, one line.
        public var reason: String
    }
}
