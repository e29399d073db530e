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
}
