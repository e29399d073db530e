/// What happened that may start builds: the event a webhook, a person or the clock reports.
///
/// The catalog compares it with each pipeline's `triggers` (see `PipelineTriggers.matches(_:)`).
public enum TriggerContext: Sendable, Hashable, Codable {
    /// Commits were pushed to a branch (the name without `refs/heads/`).
    case push(branch: String)
    /// A tag was pushed (the name without `refs/tags/`).
    case tag(name: String)
    /// A pull request was opened or got new commits; `targetBranch` is the branch it merges into.
    case pullRequest(targetBranch: String, sourceBranch: String, number: Int)
    /// Someone started a build by hand (`POST /builds`, the CLI).
    case manual
    /// The clock reached one of a pipeline's `schedule` times.
    case scheduled

    // MARK: Derived values

    /// The branch whose code the build runs, where the event names one: the pushed branch or the
    /// pull request's source branch. Tags, manual and scheduled events carry none.
    public var branch: String? {
        switch self {
        case .push(let branch): branch
        case .pullRequest(_, let sourceBranch, _): sourceBranch
        case .tag, .manual, .scheduled: nil
        }
    }

    /// The branch a pull request merges into, for pull-request events only.
    public var targetBranch: String? {
        if case .pullRequest(let target, _, _) = self { return target }
        return nil
    }

    /// The pull request number, for pull-request events only.
    public var pullRequestNumber: Int? {
        if case .pullRequest(_, _, let number) = self { return number }
        return nil
    }

    /// Whether a newer event of this kind supersedes older builds (only pull requests do:
    /// see `PipelineDefinition.cancelSuperseded`).
    public var isPullRequest: Bool { pullRequestNumber != nil }
}

// MARK: - Logging

extension TriggerContext: CustomStringConvertible {
    /// A short form for logs, e.g. `push main` or `pull request #12 into main`.
    public var description: String {
        switch self {
        case .push(let branch): "push \(branch)"
        case .tag(let name): "tag \(name)"
        case .pullRequest(let target, let source, let number): "pull request #\(number) \(source) into \(target)"
        case .manual: "manual"
        case .scheduled: "scheduled"
        }
    }
}
