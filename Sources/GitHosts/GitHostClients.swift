import Core
import HTTPClient
import MemberwiseInit

// MARK: - GitHostClients

/// The factory that picks a repository's git host client: one place that knows which
/// ``GitHostClient`` speaks for each ``GitProvider``.
///
/// The notifiers (commit statuses, findings reports) and the release train (branch cuts,
/// release notes) ask it for the client of each repository's provider; all of them share one
/// ``NotifierConfiguration`` and one HTTP client, so connections to each host are reused.
@MemberwiseInit(.public)
public struct GitHostClients: Sendable {
    /// The API roots, tokens, `User-Agent` and request timeout every client uses.
    public let configuration: NotifierConfiguration
    private let http: any HTTPExecuting

    /// The client for `provider`'s API.
    public func client(for provider: GitProvider) -> any GitHostClient {
        switch provider {
        case .github: return GitHubClient(configuration: configuration, http: http)
        case .gitlab: return GitLabClient(configuration: configuration, http: http)
        case .bitbucket: return BitbucketClient(configuration: configuration, http: http)
        }
    }
}
