/// One webhook delivery's meaning, the same shape whichever provider sent it.
///
/// Only the events MobileOps acts on are modelled; every other event is `other`, which the
/// server stores and acknowledges but which triggers nothing. Adding a provider event later
/// means moving it out of `other`, never failing deliveries that already work.
public enum WebhookEvent: Sendable, Equatable, Codable {
    /// The provider checking that the hook works (GitHub `ping`, Bitbucket Server `diagnostics:ping`).
    case ping
    /// A branch or tag was pushed, created or deleted.
    case push(PushEvent)
    /// A pull request or merge request changed.
    case pullRequest(PullRequestEvent)
    /// Any other event, by the provider's name for it (`X-GitHub-Event`, `X-Gitlab-Event`,
    /// `X-Event-Key`), e.g. `create`, `release`, `Pipeline Hook`, `repo:fork`.
    ///
    /// Also used for a known event whose payload lacks what a build needs (a pull request
    /// without branches, a push without a ref), so a damaged payload is kept, not refused.
    case other(name: String)

    // MARK: Reading

    /// A short kind for storage and logs: `ping`, `push`, `pull_request`, or `other`.
    public var kind: String {
        switch self {
        case .ping: "ping"
        case .push: "push"
        case .pullRequest: "pull_request"
        case .other: "other"
        }
    }

    /// The push, when this is one.
    public var push: PushEvent? {
        if case .push(let push) = self { return push }
        return nil
    }

    /// The pull request, when this is one.
    public var pullRequest: PullRequestEvent? {
        if case .pullRequest(let pullRequest) = self { return pullRequest }
        return nil
    }
}
