import Core
import HTTPClient

// MARK: - GitHostClients

/// The factory that picks a repository's git host client: one place that knows which
/// ``GitHostClient`` speaks for each ``GitProvider``.
///
/// The notifiers (commit statuses, findings reports) and the release train (branch cuts,
/// release notes) ask it for the client of each repository's provider; all of them share one
/// ``NotifierConfiguration`` and one HTTP client, so connections to each host are reused.
public struct GitHostClients: Sendable {
    /// The API roots, tokens, `User-Agent` and request timeout every client uses.
    public let configuration: NotifierConfiguration
    private let http: any HTTPExecuting

    /// Creates the factory.
    /// - Parameters:
    ///   - configuration: The hosts' API roots and tokens (`MOBILE_OPS_GITHUB_TOKEN`, …).
    ///   - http: Performs every request (libcurl's `HTTPClient` in production).
    public init(configuration: NotifierConfiguration, http: any HTTPExecuting) {
        self.configuration = configuration
        self.http = http
    }

    /// The client for `provider`'s API.
    public func client(for provider: GitProvider) -> any GitHostClient {
        switch provider {
        case .github: return GitHubClient(configuration: configuration, http: http)
        case .gitlab: return GitLabClient(configuration: configuration, http: http)
        case .bitbucket: return BitbucketClient(configuration: configuration, http: http)
        }
    }
}
