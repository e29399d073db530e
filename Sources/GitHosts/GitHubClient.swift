import Core
import HTTPClient

// MARK: - GitHubClient

/// GitHub's REST API (github.com and Enterprise Server, at ``NotifierConfiguration/githubAPIURL``):
/// commit statuses (``GitHubStatusAPI``), findings reports as check runs (``GitHubChecksAPI``,
/// `FindingsDelivery+GitHub.swift`), branch cuts (`GitHubClient+Branches.swift`) and compares
/// (`GitHubClient+Compare.swift`).
public struct GitHubClient: ExchangingGitHostClient {
    /// The API roots, tokens, `User-Agent` and request timeout it uses.
    public let configuration: NotifierConfiguration
    let exchange: ProviderExchange

    /// Creates a client; ``GitHostClients/client(for:)`` is the usual way to get one.
    public init(configuration: NotifierConfiguration, http: any HTTPExecuting) {
        self.configuration = configuration
        self.exchange = ProviderExchange(http: http)
    }

    /// ``GitProvider/github``.
    public var provider: GitProvider { .github }
    /// `GitHub`.
    public var hostName: String { "GitHub" }

    // MARK: Commit statuses

    /// `POST {api}/repos/{owner}/{repo}/statuses/{sha}`.
    public func postStatus(_ status: CommitStatus, repository: String) async throws(GitHostError) -> CommitStatusResult {
        let token = try requireToken()
        return try await exchange.postStatus({ () throws(CommitStatusError) in
            try GitHubStatusAPI.request(status, repository: repository, token: token, configuration: configuration)
        })
    }

    // MARK: Findings reports

    /// A check run `mobile-ops/<pipeline>/findings` with annotations, or a commit status when
    /// the token may not write check runs (see `FindingsDelivery+GitHub.swift`).
    public func reportFindings(_ report: FindingsReport, repository: String, externalID: String) async throws(GitHostError) {
        try await findingsDelivery(report, repository: repository).deliverCheckRun(externalID: externalID)
    }

    // MARK: Headers

    /// The header sets GitHub requests are sent with. They differ because the status and checks
    /// requests, the branch cut and the compare were written apart; this move keeps each
    /// request byte for byte (order included) and leaves making them one set to a change of
    /// its own.
    enum HeaderShape {
        /// Statuses and check runs: token, media type, API version, JSON body, `User-Agent`.
        case rest
        /// The branch cut: token, media type, `User-Agent`, API version, and a JSON body type
        /// when there is a body.
        case branches(json: Bool)
        /// The compare: media type, `User-Agent`, and the token when there is one (public
        /// repositories can be compared without).
        case compare
    }

    /// What GitHub requests carry, built here only: the token as `Bearer`, the media type and
    /// API version the docs ask for, and a `User-Agent` (GitHub refuses requests without one).
    static func headers(_ shape: HeaderShape, token: String?, userAgent: String) -> HTTPHeaders {
        let authorization = token.map { "Bearer \($0)" }
        let accept = "application/vnd.github+json", version = "2022-11-28"
        var headers: HTTPHeaders
        switch shape {
        case .rest:
            headers = []
            if let authorization { headers.add(name: "Authorization", value: authorization) }
            headers.add(name: "Accept", value: accept)
            headers.add(name: "X-GitHub-Api-Version", value: version)
            headers.add(name: "Content-Type", value: "application/json")
            headers.add(name: "User-Agent", value: userAgent)
        case .branches(let json):
            headers = []
            if let authorization { headers.add(name: "Authorization", value: authorization) }
            headers.add(name: "Accept", value: accept)
            headers.add(name: "User-Agent", value: userAgent)
            headers.add(name: "X-GitHub-Api-Version", value: version)
            if json { headers.add(name: "Content-Type", value: "application/json") }
        case .compare:
            headers = ["Accept": accept, "User-Agent": userAgent]
            if let authorization { headers.add(name: "Authorization", value: authorization) }
        }
        return headers
    }
}
