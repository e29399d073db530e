import MemberwiseInit

/// A pull request (GitHub, Bitbucket) or merge request (GitLab) event in provider-neutral form.
@MemberwiseInit(.public)
public struct PullRequestEvent: Sendable, Equatable, Codable {
    // MARK: What happened

    /// What happened to the pull request.
    public var action: PullRequestAction
    /// The number users see: GitHub `number`, GitLab `iid` (not the global `id`), Bitbucket `id`.
    public var number: Int
    /// The title, emoji and all.
    public var title: String
    /// Whether the author marked it as a draft (GitHub `draft`, GitLab `draft`/`work_in_progress`).
    public var isDraft: Bool = false

    // MARK: Branches and commits

    /// The branch with the changes (on the fork, for a fork pull request).
    public var sourceBranch: String
    /// The branch the changes should land on.
    public var targetBranch: String
    /// The newest commit of the source branch; what a build checks out.
    ///
    /// Bitbucket sends a 12-character abbreviated hash; agents must resolve it after fetching.
    public var headSHA: String
    /// The target branch's commit, when the provider sends it (GitLab does not).
    public var baseSHA: String?

    // MARK: Where the source lives

    /// Whether the source branch lives in another repository than the target.
    ///
    /// True also when the source repository is unknown (GitHub sends `head.repo: null` once
    /// a fork is deleted): treating the unknown as foreign is the safe side, because fork
    /// builds must not receive the target repository's secrets.
    public var isFromFork: Bool = false
    /// Full name of the repository holding the source branch, when known.
    public var sourceRepository: String?
    /// Clone URL of the repository holding the source branch, when known; agents fetch
    /// fork pull requests from here (or from the provider's pull-request ref).
    public var sourceCloneURL: String?

    // MARK: Who and where

    /// Who opened it (GitHub login, Bitbucket nickname); for GitLab, whose payload names only
    /// the author's numeric id, the user who caused this event.
    public var author: String?
    /// Web page of the pull request.
    public var url: String?

    // MARK: Creating
}
