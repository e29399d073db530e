import Core
import HTTPClient

// MARK: - GitLabClient

/// GitLab's REST API (gitlab.com and self-hosted, at ``NotifierConfiguration/gitlabAPIURL``):
/// commit statuses (``GitLabStatusAPI``), findings reports as a merge request note and a
/// status (``GitLabNotesAPI``, `FindingsDelivery+GitLab.swift`), branch cuts and compares
/// (`GitLabClient+Repository.swift`).
public struct GitLabClient: ExchangingGitHostClient {
    /// The API roots, tokens, `User-Agent` and request timeout it uses.
    public let configuration: NotifierConfiguration
    let exchange: ProviderExchange

    /// Creates a client; ``GitHostClients/client(for:)`` is the usual way to get one.
    public init(configuration: NotifierConfiguration, http: any HTTPExecuting) {
        self.configuration = configuration
        self.exchange = ProviderExchange(http: http)
    }

    /// ``GitProvider/gitlab``.
    public var provider: GitProvider { .gitlab }
    /// `GitLab`.
    public var hostName: String { "GitLab" }

    // MARK: Commit statuses

    /// `POST {api}/projects/{url-encoded full path}/statuses/{sha}`. GitLab's 400 for a state
    /// the commit already shows is ``CommitStatusResult/alreadyShown(_:)``, not a failure.
    public func postStatus(_ status: CommitStatus, repository: String) async throws(GitHostError) -> CommitStatusResult {
        let token = try requireToken()
        return try await exchange.postStatus({ () throws(CommitStatusError) in
            try GitLabStatusAPI.request(status, repository: repository, token: token, configuration: configuration)
        }, alreadyShown: GitLabStatusAPI.alreadyShown)
    }

    // MARK: Findings reports

    /// A note on the merge request (merge request builds only) and a commit status
    /// `mobile-ops/<pipeline>/findings` (see `FindingsDelivery+GitLab.swift`).
    public func reportFindings(_ report: FindingsReport, repository: String, externalID: String) async throws(GitHostError) {
        try await findingsDelivery(report, repository: repository).deliverNoteAndStatus()
    }

    // MARK: Headers

    /// The header sets GitLab requests are sent with. They differ because the status and
    /// notes requests, the branch cut and the compare were written apart; this move keeps
    /// each request byte for byte and leaves making them one set to a change of its own.
    enum HeaderShape {
        /// Statuses and notes: token, JSON both ways, `User-Agent`.
        case rest
        /// The branch cut (its parameters are in the query): token and `User-Agent`.
        case branches
        /// The compare: `User-Agent`, and the token when there is one (public projects can be
        /// compared without).
        case compare
    }

    /// What GitLab requests carry, built here only: the token as `PRIVATE-TOKEN`.
    static func headers(_ shape: HeaderShape, token: String?, userAgent: String) -> HTTPHeaders {
        var headers: HTTPHeaders
        switch shape {
        case .rest:
            headers = []
            if let token { headers.add(name: "PRIVATE-TOKEN", value: token) }
            headers.add(name: "Accept", value: "application/json")
            headers.add(name: "Content-Type", value: "application/json")
            headers.add(name: "User-Agent", value: userAgent)
        case .branches:
            headers = []
            if let token { headers.add(name: "PRIVATE-TOKEN", value: token) }
            headers.add(name: "User-Agent", value: userAgent)
        case .compare:
            headers = ["User-Agent": userAgent]
            if let token { headers.add(name: "PRIVATE-TOKEN", value: token) }
        }
        return headers
    }
}
