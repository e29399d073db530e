/// A build about to be created: what triggered it and the jobs its pipeline expands to.
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
    public var env: [String: String]
    /// Concurrency group, already templated (e.g. `pr-42`).
    public var concurrencyGroup: String?
    /// Higher runs first.
    public var priority: Int
    /// Whether this build cancels unfinished builds of the same PR and pipeline.
    public var cancelSuperseded: Bool
    /// Whether this build cancels unfinished builds holding its concurrency group
    /// (the pipeline's `concurrency.cancel_in_progress`).
    public var cancelInProgress: Bool
    /// One job per step and shard.
    public var jobs: [JobDraft]

    /// Creates a draft.
    public init(
        repositoryID: Int64?, pipeline: String, trigger: String, branch: String? = nil, tag: String? = nil,
        commitSHA: String, pullRequest: Int? = nil, pullRequestOrigin: PullRequestOrigin? = nil, message: String? = nil, author: String? = nil,
        env: [String: String] = [:], concurrencyGroup: String? = nil, priority: Int = 0,
        cancelSuperseded: Bool = true, cancelInProgress: Bool = false, jobs: [JobDraft]
    ) {
        self.repositoryID = repositoryID
        self.pipeline = pipeline
        self.trigger = trigger
        self.branch = branch
        self.tag = tag
        self.commitSHA = commitSHA
        self.pullRequest = pullRequest
        self.pullRequestOrigin = pullRequestOrigin
        self.message = message
        self.author = author
        self.env = env
        self.concurrencyGroup = concurrencyGroup
        self.priority = priority
        self.cancelSuperseded = cancelSuperseded
        self.cancelInProgress = cancelInProgress
        self.jobs = jobs
    }
}

/// One job of a build draft: a step, or one shard of it.
public struct JobDraft: Sendable, Equatable {
    /// The step's key, e.g. `ui-tests`.
    public var stepKey: String
    /// What people see, e.g. `UI tests (2/4)`.
    public var label: String
    /// Zero-based shard index.
    public var shardIndex: Int
    /// Number of shards of the step (1 when not sharded).
    public var shardCount: Int
    /// How to run it.
    public var spec: JobSpec

    /// Creates a job draft.
    public init(stepKey: String, label: String, shardIndex: Int = 0, shardCount: Int = 1, spec: JobSpec) {
        self.stepKey = stepKey
        self.label = label
        self.shardIndex = shardIndex
        self.shardCount = shardCount
        self.spec = spec
    }
}
