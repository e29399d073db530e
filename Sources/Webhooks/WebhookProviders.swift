import Core

/// The adapters for every supported provider, looked up by `GitProvider`.
///
/// A switch rather than a registry: the set of providers is the closed `GitProvider` enum,
/// so the compiler checks that each one has an adapter.
public enum WebhookProviders {
    /// The adapter reading `provider`'s deliveries.
    public static func adapter(for provider: GitProvider) -> any WebhookProviderAdapter {
        switch provider {
        case .github: GitHubWebhookAdapter()
        case .gitlab: GitLabWebhookAdapter()
        case .bitbucket: BitbucketWebhookAdapter()
        }
    }

    /// The adapter for a provider named in a URL path segment (`github`, `gitlab`,
    /// `bitbucket`, any case); nil for anything else, which the server answers with 404.
    public static func adapter(named name: String) -> (any WebhookProviderAdapter)? {
        GitProvider(rawValue: name.lowercased()).map(adapter(for:))
    }

    /// Every adapter, one per provider, in `GitProvider.allCases` order.
    public static var all: [any WebhookProviderAdapter] {
        GitProvider.allCases.map(adapter(for:))
    }

    // MARK: Recognising misdirected deliveries

    /// The provider whose event header the request carries, or nil when it carries none.
    ///
    /// Each endpoint is per provider, so this is not used to route. It lets the server turn
    /// "no X-GitHub-Event header" into "this is a GitLab delivery sent to the GitHub
    /// endpoint", which is the usual cause.
    public static func detectProvider(_ request: WebhookRequest) -> GitProvider? {
        if request.header("X-GitHub-Event") != nil { return .github }
        if request.header("X-Gitlab-Event") != nil { return .gitlab }
        if request.header("X-Event-Key") != nil { return .bitbucket }
        return nil
    }
}
