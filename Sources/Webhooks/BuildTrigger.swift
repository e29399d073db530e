/// What to build because of a webhook event: which ref, at which commit.
///
/// The scheduler turns this into builds of the repository's pipelines. It deliberately
/// holds no copy of the event; the caller already has it and stores it with the delivery.
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
    public var isFromFork: Bool
    /// A pull request's target-branch commit as the git host reported it (GitHub's and
    /// Bitbucket's base commit), when it did: the findings' baseline if no agent reports the
    /// merge base.
    public var baseCommitSHA: String?

    // MARK: Creating

    /// Creates a trigger.
    public init(kind: Kind, commitSHA: String, isFromFork: Bool = false, baseCommitSHA: String? = nil) {
        self.kind = kind
        self.commitSHA = commitSHA
        self.isFromFork = isFromFork
        self.baseCommitSHA = baseCommitSHA
    }

    // MARK: Reading

    /// The branch the build is for: the pushed branch, or a pull request's source branch.
    public var branch: String? {
        switch kind {
        case .push(let branch): branch
        case .tag: nil
        case .pullRequest(_, let sourceBranch, _): sourceBranch
        }
    }
}
