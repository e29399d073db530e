/// A step's `ui_tests:`: run only the UI test suites the change can break, spread over the
/// step's shards so they finish together.
///
/// The agent works out the selection in the job's checkout (module graph + the pull request's
/// diff, see the `Impact` module), takes this shard's share of the selected suites —
/// longest first onto the least-loaded shard, using `durations` — and gives them to the
/// commands as `MOBILE_OPS_UI_TESTS` (comma-separated) and `MOBILE_OPS_UI_TESTS_FILE` (one per
/// line). Builds that are not pull requests run every UI suite.
public struct UITestSelection: Codable, Sendable, Equatable {
    /// The project's folder inside the repository (`.` for the root).
    public var project: String
    /// A module-graph file (the documented JSON format or `swift package dump-package`
    /// output), relative to `project`; nil to read the project's own build files.
    public var graph: String?
    /// Extra path patterns that force every suite to run.
    public var runAll: [String]
    /// One build description to read (`gradle`, `xcodegen`, `spm`) when the project has
    /// several; nil reads them all, merged.
    public var kind: String?
    /// Expected seconds per suite from earlier builds, filled in by the server when the
    /// build is created so every shard plans with the same numbers.
    public var durations: [String: Double]

    /// Creates a selection rule.
    public init(project: String = ".", graph: String? = nil, runAll: [String] = [], durations: [String: Double] = [:], kind: String? = nil) {
        self.project = project
        self.kind = kind
        self.graph = graph
        self.runAll = runAll
        self.durations = durations
    }

    // MARK: Variables

    /// Comma-separated names of this shard's suites.
    public static let suitesVariable = "MOBILE_OPS_UI_TESTS"
    /// A file listing this shard's suites, one per line.
    public static let suitesFileVariable = "MOBILE_OPS_UI_TESTS_FILE"
    /// The branch a pull request merges into (set on pull-request builds), whose merge base
    /// with the commit is the diff's start.
    public static let baseBranchVariable = "MOBILE_OPS_BASE_BRANCH"
    /// The target branch's commit the git host reported with a pull request (set on
    /// pull-request builds when the host sends one): the findings' baseline when no agent
    /// reported the merge base.
    public static let baseCommitVariable = "MOBILE_OPS_BASE_COMMIT"
}
