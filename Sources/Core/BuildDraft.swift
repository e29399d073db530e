import MemberwiseInit

/// A build about to be created: what triggered it and the jobs its pipeline expands to.
@MemberwiseInit(.public)
public struct BuildDraft: Sendable, Equatable {
    /// The repository, or nil for a manual build with no repository (empty workspace).
    public var repositoryID: Int64?
    /// The pipeline's name.
    public var pipeline: String
    /// `push`, `tag`, `pull_request` or `manual`.
    public var trigger: String
    /// The branch built (for a PR: its source branch).
    public var branch: String?
    /// The tag built, for tag pushes.
    public var tag: String?
    /// The commit built.
    public var commitSHA: String
    /// The pull request number, for PR builds.
    public var pullRequest: Int?
    /// Where a pull request's code comes from; nil for builds that are not pull requests.
    public var pullRequestOrigin: PullRequestOrigin?
    /// The head commit's message, when known.
    public var message: String?
    /// Who pushed or opened the PR, when known.
    public var author: String?
    /// Build-wide environment.
    public var env: [String: String] = [:]
    /// Concurrency group, already templated (e.g. `pr-42`).
    public var concurrencyGroup: String?
    /// Higher runs first.
    public var priority: Int = 0
    /// Whether this build cancels unfinished builds of the same PR and pipeline.
    public var cancelSuperseded: Bool = true
    /// Whether this build cancels unfinished builds holding its concurrency group
    /// (the pipeline's `concurrency.cancel_in_progress`).
    public var cancelInProgress: Bool = false
    /// One job per step and shard.
    public var jobs: [JobDraft]
}

/// One job of a build draft: a step, or one shard of it.
@MemberwiseInit(.public)
public struct JobDraft: Sendable, Equatable {
    /// The step's key, e.g. `ui-tests`.
    public var stepKey: String
    /// What people see, e.g. `UI tests (2/4)`.
    public var label: String
    /// Zero-based shard index.
    public var shardIndex: Int = 0
    /// Number of shards of the step (1 when not sharded).
    public var shardCount: Int = 1
    /// How to run it.
    public var spec: JobSpec
}
