/// What happened to a pull request (GitHub, Bitbucket) or merge request (GitLab).
///
/// Provider vocabularies are mapped onto one set: GitLab's `update` becomes `synchronized`
/// only when it carries new commits and `edited` otherwise; GitHub's `closed` becomes
/// `merged` when the pull request was merged. Anything without an equivalent keeps its
/// provider spelling in `other`.
public enum PullRequestAction: Sendable, Equatable, Codable {
    /// Opened (GitHub `opened`, GitLab `open`, Bitbucket `pullrequest:created`).
    case opened
    /// Reopened after being closed.
    case reopened
    /// New commits on the source branch (GitHub `synchronize`, GitLab `update` with
    /// `oldrev`, Bitbucket `pullrequest:updated`).
    case synchronized
    /// Title, description or other metadata changed; no new commits.
    case edited
    /// Closed without merging (Bitbucket `pullrequest:rejected`).
    case closed
    /// Merged (GitHub `closed` with `merged: true`, GitLab `merge`, Bitbucket `pullrequest:fulfilled`).
    case merged
    /// Any other action, as the provider spelled it: `labeled`, `approved`, `ready_for_review`, …
    case other(String)

    // MARK: Triggering

    /// Whether this action puts new code up for review, and so should build.
    ///
    /// `edited`, `closed`, `merged` and label or review changes do not: the code under
    /// review is unchanged (a merge builds through the push to the target branch).
    public var triggersBuild: Bool {
        switch self {
        case .opened, .reopened, .synchronized: true
        case .edited, .closed, .merged, .other: false
        }
    }

    /// A stable lower-case name for storage and logs, e.g. `synchronized`, `other:labeled`.
    public var name: String {
        switch self {
        case .opened: "opened"
        case .reopened: "reopened"
        case .synchronized: "synchronized"
        case .edited: "edited"
        case .closed: "closed"
        case .merged: "merged"
        case .other(let raw): "other:\(raw)"
        }
    }
}
