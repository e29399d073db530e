import Core
import Foundation
import HTTPClient

// MARK: - BitbucketClient

/// Bitbucket Cloud's API (at ``NotifierConfiguration/bitbucketAPIURL``): build statuses
/// (``BitbucketStatusAPI``), findings reports as Code Insights reports
/// (``BitbucketReportsAPI``, `FindingsDelivery+Bitbucket.swift`) and branch cuts
/// (`BitbucketClient+Branches.swift`). It cannot compare commits yet.
public struct BitbucketClient: GitHostClient {
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
        let request = try ProviderExchange.built { () throws(CommitStatusError) in
            try BitbucketStatusAPI.request(status, repository: repository, token: token, configuration: configuration)
        }
        let response = try await exchange.execute(request)
        if let failure = GitHostError(response: response) { throw failure }
        return .posted
    }

    // MARK: Findings reports

    /// A Code Insights report named after the pipeline, with an annotation per new finding
    /// (see `FindingsDelivery+Bitbucket.swift`).
    public func reportFindings(_ report: FindingsReport, repository: String, externalID: String) async throws(GitHostError) {
        let token = try requireToken()
        let delivery = FindingsDelivery(report: report, repository: repository, token: token, configuration: configuration, exchange: exchange)
        try await delivery.deliverCodeInsights()
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
