import Foundation
import MemberwiseInit

/// A build as the API shows it: one pipeline run for one commit, with its jobs.
@MemberwiseInit(.public)
public struct Build: Codable, Sendable, Equatable, Identifiable {
    /// Server-wide id.
    public var id: Int64
    /// The repository, nil for a repository-less manual build.
    public var repositoryID: Int64?
    /// Build number within the repository (1, 2, 3 …).
    public var number: Int
    /// The pipeline's name.
    public var pipeline: String
    /// Derived from the jobs.
    public var state: BuildState
    /// `push`, `tag`, `pull_request`, `manual`, `schedule` or `release` (a release train's
    /// release candidate).
    public var trigger: String
    /// Branch built, if any.
    public var branch: String?
    /// Tag built, if any.
    public var tag: String?
    /// Commit built.
    public var commitSHA: String
    /// Pull request number, for PR builds.
    public var pullRequest: Int?
    /// Where a pull request build's code comes from (nil for other builds); a fork's, or an
    /// unknown one's, never receives secrets. A retry keeps its original's.
    public var pullRequestOrigin: PullRequestOrigin?
    /// Head commit message, when known.
    public var message: String?
    /// Who triggered it, when known.
    public var author: String?
    /// Concurrency group, if any.
    public var concurrencyGroup: String?
    /// Higher runs first.
    public var priority: Int
    /// Why it was cancelled, e.g. `superseded by build 12`.
    public var cancelReason: String?
    /// When it was created.
    public var createdAt: Date
    /// When its first job started.
    public var startedAt: Date?
    /// When its last job finished.
    public var finishedAt: Date?
    /// Its jobs (current attempts first by step order), when loaded.
    public var jobs: [Job]?
}
