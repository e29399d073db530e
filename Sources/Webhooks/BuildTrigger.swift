import Core
import MemberwiseInit

/// What to build because of a webhook event: which ref, at which commit.
///
/// The scheduler turns this into builds of the repository's pipelines. It deliberately
/// holds no copy of the event; the caller already has it and stores it with the delivery.
@MemberwiseInit(.public)
public struct BuildTrigger: Sendable, Equatable, Codable {
    /// Which kind of ref is being built.
    public enum Kind: Sendable, Equatable, Codable {
        /// A push to a branch.
        case push(branch: String)
        /// A pushed tag, typically a release.
        case tag(name: String)
        /// A pull request with new code.
        case pullRequest(number: Int, sourceBranch: String, targetBranch: String)
    }

    // MARK: Stored values

    /// Which ref is being built.
    public var kind: Kind
    /// The commit to check out.
    public var commitSHA: String
    /// Whether the code comes from a fork; such builds must not see repository secrets.
    /// True also when the payload does not tell (a deleted fork): the safe choice.
    public var isFromFork: Bool = false
    /// A pull request's source repository as the payload names it (`contributor/ios-app`);
    /// nil when it names none, which for a fork means its origin is unknown.
    public var sourceRepository: String?
    /// A pull request's target-branch commit as the git host reported it (GitHub's and
    /// Bitbucket's base commit), when it did: the findings' baseline if no agent reports the
    /// merge base.
    public var baseCommitSHA: String?

    // MARK: Creating

    // MARK: Reading

    /// Where a pull request's code comes from, nil for pushes and tags: the same repository, a
    /// fork, or (a fork flag without a source repository in the payload) unknown.
    public var pullRequestOrigin: PullRequestOrigin? {
        guard case .pullRequest = kind else { return nil }
        if !isFromFork { return .sameRepository }
        return sourceRepository == nil ? .unknown : .fork
    }

    /// The branch the build is for: the pushed branch, or a pull request's source branch.
    public var branch: String? {
        switch kind {
        case .push(let branch): branch
        case .tag: nil
        case .pullRequest(_, let sourceBranch, _): sourceBranch
        }
    }
}
