import Core
import Foundation

// MARK: - NotifierConfiguration

/// Where each git host's API is and with which credentials: the settings every client of
/// ``GitHostClients`` shares (commit statuses, findings reports, branch cuts, compares).
///
/// The name is older than this module: the notifiers were its first users. The base URLs
/// are configurable for GitHub Enterprise Server and self-hosted GitLab, and so tests can
/// point them at a local fake. Tokens never appear in `description`, so the
/// configuration can be logged as a whole.
public struct NotifierConfiguration: Sendable, Equatable, CustomStringConvertible {
    /// GitHub REST API root, e.g. `https://github.example.com/api/v3` for Enterprise Server.
    public var githubAPIURL: String
    /// GitHub token (fine-grained or app installation token with `statuses: write`).
    public var githubToken: String?
    /// GitLab REST API root including `/api/v4`.
    public var gitlabAPIURL: String
    /// GitLab token with `api` scope, sent as `PRIVATE-TOKEN`.
    public var gitlabToken: String?
    /// Bitbucket Cloud API root (without `/2.0`).
    public var bitbucketAPIURL: String
    /// Bitbucket access token (sent as Bearer) or `username:app-password` (sent as Basic).
    public var bitbucketToken: String?
    /// This server's public address; statuses link to `{publicURL}/builds/{id}` when set.
    public var publicURL: String?
    /// The `User-Agent` of status requests (GitHub rejects requests without one).
    public var userAgent: String
    /// The limit for one status request.
    public var requestTimeout: Duration

    /// Creates a configuration; by default the public cloud APIs and no tokens.
    public init(
        githubAPIURL: String = "https://api.github.com", githubToken: String? = nil,
        gitlabAPIURL: String = "https://gitlab.com/api/v4", gitlabToken: String? = nil,
        bitbucketAPIURL: String = "https://api.bitbucket.org", bitbucketToken: String? = nil,
        publicURL: String? = nil, userAgent: String = "mobile-ops", requestTimeout: Duration = .seconds(30)
    ) {
        self.githubAPIURL = Self.trimmed(githubAPIURL)
        self.githubToken = githubToken
        self.gitlabAPIURL = Self.trimmed(gitlabAPIURL)
        self.gitlabToken = gitlabToken
        self.bitbucketAPIURL = Self.trimmed(bitbucketAPIURL)
        self.bitbucketToken = bitbucketToken
        self.publicURL = publicURL.map(Self.trimmed)
        self.userAgent = userAgent
        self.requestTimeout = requestTimeout
    }

    // MARK: Environment

    /// Reads `MOBILE_OPS_GITHUB_API_URL`, `MOBILE_OPS_GITHUB_TOKEN`, `MOBILE_OPS_GITLAB_API_URL`,
    /// `MOBILE_OPS_GITLAB_TOKEN`, `MOBILE_OPS_BITBUCKET_API_URL`, `MOBILE_OPS_BITBUCKET_TOKEN`
    /// and `MOBILE_OPS_PUBLIC_URL`; unset or blank variables keep the defaults.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> NotifierConfiguration {
        func value(_ name: String) -> String? {
            guard let raw = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !raw.isEmpty else {
                return nil
            }
            return raw
        }
        let defaults = NotifierConfiguration()
        return NotifierConfiguration(
            githubAPIURL: value("MOBILE_OPS_GITHUB_API_URL") ?? defaults.githubAPIURL,
            githubToken: value(tokenVariable(for: .github)),
            gitlabAPIURL: value("MOBILE_OPS_GITLAB_API_URL") ?? defaults.gitlabAPIURL,
            gitlabToken: value(tokenVariable(for: .gitlab)),
            bitbucketAPIURL: value("MOBILE_OPS_BITBUCKET_API_URL") ?? defaults.bitbucketAPIURL,
            bitbucketToken: value(tokenVariable(for: .bitbucket)),
            publicURL: value("MOBILE_OPS_PUBLIC_URL")
        )
    }

    /// The environment variable holding the token for `provider`, for messages to operators.
    public static func tokenVariable(for provider: GitProvider) -> String {
        "MOBILE_OPS_\(provider.rawValue.uppercased())_TOKEN"
    }

    // MARK: Per provider

    /// The API root for `provider`.
    public func apiURL(for provider: GitProvider) -> String {
        switch provider {
        case .github: githubAPIURL
        case .gitlab: gitlabAPIURL
        case .bitbucket: bitbucketAPIURL
        }
    }

    /// The token for `provider`, or nil when none is configured.
    public func token(for provider: GitProvider) -> String? {
        switch provider {
        case .github: githubToken
        case .gitlab: gitlabToken
        case .bitbucket: bitbucketToken
        }
    }

    /// The page a status links to, or nil without a public URL.
    public func targetURL(buildID: Int64) -> String? {
        publicURL.map { "\($0)/builds/\(buildID)" }
    }

    /// The settings with tokens shown only as set or not set.
    public var description: String {
        func secret(_ token: String?) -> String { token == nil ? "not set" : "set" }
        return "github \(githubAPIURL) (token \(secret(githubToken))), gitlab \(gitlabAPIURL) (token \(secret(gitlabToken))), "
            + "bitbucket \(bitbucketAPIURL) (token \(secret(bitbucketToken))), public URL \(publicURL ?? "not set")"
    }

    /// A URL without trailing slashes, so paths can be appended with one.
    private static func trimmed(_ url: String) -> String {
        var url = url.trimmingCharacters(in: .whitespacesAndNewlines)
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }
}
