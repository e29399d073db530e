import MemberwiseInit

/// When a pipeline runs: on pushes (branches and tags), on pull requests, by hand, and on a
/// daily schedule. Written under `triggers:` in a pipeline file.
@MemberwiseInit(.public)
public struct PipelineTriggers: Sendable, Equatable, Codable {
    /// Pushes that start the pipeline.
    @MemberwiseInit(.public)
    public struct Push: Sendable, Equatable, Codable {
        /// Branch patterns; empty means pushes to branches never trigger (tags only).
        public var branches: [Glob]
        /// Tag patterns; empty means tags never trigger.
        public var tags: [Glob] = []
    }

    /// Pull requests that start the pipeline.
    @MemberwiseInit(.public)
    public struct PullRequest: Sendable, Equatable, Codable {
        /// Patterns for the branch a pull request merges into (`**` when omitted in the file).
        public var targetBranches: [Glob]
    }

    /// Push trigger, or `nil` when pushes never start this pipeline.
    public var push: Push?
    /// Pull-request trigger, or `nil` when pull requests never start this pipeline.
    public var pullRequest: PullRequest?
    /// Whether people may start it by hand. Defaults to `true`.
    public var manual: Bool = true
    /// Daily times (UTC) at which it runs on the repository's default branch.
    public var schedule: [DailySchedule] = []

    // MARK: Matching

    /// Whether this event starts the pipeline (repositories are checked separately).
    public func matches(_ context: TriggerContext) -> Bool {
        switch context {
        case .push(let branch):
            push?.branches.anyMatches(branch) ?? false
        case .tag(let name):
            push?.tags.anyMatches(name) ?? false
        case .pullRequest(let targetBranch, _, _):
            pullRequest?.targetBranches.anyMatches(targetBranch) ?? false
        case .manual:
            manual
        case .scheduled:
            !schedule.isEmpty
        }
    }
}
