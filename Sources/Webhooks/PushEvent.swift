/// A push of one ref (branch or tag), creation and deletion included, in provider-neutral form.
public struct PushEvent: Sendable, Equatable, Codable {
    // MARK: The ref

    /// The full ref as sent, e.g. `refs/heads/main` or `refs/tags/v1.2.0`.
    public var ref: String
    /// The branch name when `ref` is under `refs/heads/`, else nil.
    public var branch: String?
    /// The tag name when `ref` is under `refs/tags/`, else nil.
    public var tag: String?

    // MARK: The commits

    /// The ref's commit before the push; forty zeros (or empty) when the ref was created.
    public var before: String
    /// The ref's commit after the push; forty zeros (or empty) when the ref was deleted.
    public var after: String
    /// Whether the push deleted the ref. A deletion never triggers a build.
    public var isDeletion: Bool
    /// Whether the push created the ref.
    public var isCreation: Bool
    /// Whether the push was forced (history rewritten). False when the provider does not say.
    public var isForced: Bool
    /// The newest pushed commit, when the payload names one (GitHub sends `null` on deletion).
    public var headCommit: CommitSummary?
    /// The pushed commits in the provider's order (GitHub and GitLab list oldest first).
    public var commits: [CommitSummary]
    /// Whether the provider listed fewer commits than were pushed (GitLab and Bitbucket say
    /// so; GitHub caps the list at 2,048). When true, or when `changedFiles` is empty on a
    /// created ref, impact analysis should diff `before`...`after` itself.
    public var isCommitListTruncated: Bool

    // MARK: Who

    /// Who pushed: a user name or login when the payload names one.
    public var pusher: String?

    // MARK: Creating

    /// Creates a push event; `branch` and `tag` are derived from `ref`, and `changedFiles` from the commits.
    public init(
        ref: String,
        before: String,
        after: String,
        isDeletion: Bool,
        isCreation: Bool = false,
        isForced: Bool = false,
        headCommit: CommitSummary? = nil,
        commits: [CommitSummary] = [],
        isCommitListTruncated: Bool = false,
        pusher: String? = nil
    ) {
        let parsed = GitRef(ref)
        self.ref = ref
        self.branch = parsed.branch
        self.tag = parsed.tag
        self.before = before
        self.after = after
        self.isDeletion = isDeletion
        self.isCreation = isCreation
        self.isForced = isForced
        self.headCommit = headCommit
        self.commits = commits
        self.isCommitListTruncated = isCommitListTruncated
        self.pusher = pusher
    }

    // MARK: Derived

    /// Every path any listed commit touched (head commit included), first mention first,
    /// without repeats. A hint for impact analysis, not a complete diff (see `isCommitListTruncated`).
    public var changedFiles: [String] {
        var seen = Set<String>()
        let all = commits + (headCommit.map { [$0] } ?? [])
        return all.flatMap(\.changedFiles).filter { seen.insert($0).inserted }
    }
}
