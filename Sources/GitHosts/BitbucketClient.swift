import Core
import Foundation
import HTTPClient

// MARK: - BitbucketClient

/// Bitbucket Cloud's API (at ``NotifierConfiguration/bitbucketAPIURL``): build statuses
/// (``BitbucketStatusAPI``), findings reports as Code Insights reports
/// (``BitbucketReportsAPI``, `FindingsDelivery+Bitbucket.swift`) and branch cuts
/// (`BitbucketClient+Branches.swift`). It cannot compare commits yet.
public struct BitbucketClient: ExchangingGitHostClient {
    /// The API roots, tokens, `User-Agent` and request timeout it uses.
    public let configuration: NotifierConfiguration
    let exchange: ProviderExchange

    /// Creates a client; ``GitHostClients/client(for:)`` is the usual way to get one.
    public init(configuration: NotifierConfiguration, http: any HTTPExecuting) {
        self.configuration = configuration
        self.exchange = ProviderExchange(http: http)
    }

    /// ``GitProvider/bitbucket``.
    public var provider: GitProvider { .bitbucket }
    /// `Bitbucket`.
    public var hostName: String { "Bitbucket" }

    // MARK: Commit statuses

    /// `POST {api}/2.0/repositories/{workspace}/{repo_slug}/commit/{sha}/statuses/build`.
    public func postStatus(_ status: CommitStatus, repository: String) async throws(GitHostError) -> CommitStatusResult {
        let token = try requireToken()
        return try await exchange.postStatus({ () throws(CommitStatusError) in
            try BitbucketStatusAPI.request(status, repository: repository, token: token, configuration: configuration)
        })
    }

    // MARK: Findings reports

    /// A Code Insights report named after the pipeline, with an annotation per new finding
    /// (see `FindingsDelivery+Bitbucket.swift`).
    public func reportFindings(_ report: FindingsReport, repository: String, externalID: String) async throws(GitHostError) {
        try await findingsDelivery(report, repository: repository).deliverCodeInsights()
    }

    // MARK: Compares

    /// Not supported yet: release notes of a Bitbucket repository come from a local clone only.
    public func commits(repository: String, base: String?, head: String) async throws -> [HostCommit] {
        throw ServiceError.conflict(code: "notes_unavailable", "release notes from Bitbucket are not supported yet")
    }

    // MARK: Headers

    /// What every Bitbucket request carries, built here only: an access token as Bearer, or
    /// `username:app-password` as Basic; JSON both ways.
    static func headers(token: String, userAgent: String) -> HTTPHeaders {
        let authorization = token.contains(":")
            ? "Basic \(Data(token.utf8).base64EncodedString())"
            : "Bearer \(token)"
        return [
            "Authorization": authorization,
            "Accept": "application/json",
            "Content-Type": "application/json",
            "User-Agent": userAgent,
        ]
    }
}
