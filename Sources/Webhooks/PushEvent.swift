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
    ///
    /// The payload's list of every pushed commit is not kept: nothing read it, and building
    /// it was a tenth of the server's work per delivery. Impact analysis diffs two revisions
    /// in the repository instead, which also covers the commits a provider leaves out of its
    /// list (GitHub lists at most 2,048).
    public var headCommit: CommitSummary?

    // MARK: Who

    /// Who pushed: a user name or login when the payload names one.
    public var pusher: String?

    // MARK: Creating

    /// Creates a push event; `branch` and `tag` are derived from `ref`.
    public init(
        ref: String,
        before: String,
        after: String,
        isDeletion: Bool,
        isCreation: Bool = false,
        isForced: Bool = false,
        headCommit: CommitSummary? = nil,
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
        self.pusher = pusher
    }
}
