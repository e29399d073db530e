import Core

// MARK: - FindingsDelivery

/// One findings report on its way to one repository's git host: what to send, where, with
/// which token, and the exchange that sends it. Each provider's sequence of requests is an
/// extension (`FindingsDelivery+GitHub.swift`, `+GitLab`, `+Bitbucket`), which that provider's
/// client calls from ``GitHostClient/reportFindings(_:repository:externalID:)``.
struct FindingsDelivery {
    /// What to report.
    let report: FindingsReport
    /// The repository's full name on its host.
    let repository: String
    /// The host's token (never logged).
    let token: String
    let configuration: NotifierConfiguration
    let exchange: ProviderExchange

    /// The build page the report links to, when the server's public URL is known.
    var detailsURL: String? { configuration.targetURL(buildID: report.build.id) }
}

// MARK: - Making one

/// A client that sends through a ``ProviderExchange``, as each of ours does.
protocol ExchangingGitHostClient: GitHostClient {
    /// What sends its requests.
    var exchange: ProviderExchange { get }
}

extension ExchangingGitHostClient {
    /// `report` on its way to `repository`, with the provider's token.
    /// - Throws: ``GitHostError``, permanent when no token is configured.
    func findingsDelivery(_ report: FindingsReport, repository: String) throws(GitHostError) -> FindingsDelivery {
        FindingsDelivery(report: report, repository: repository, token: try requireToken(), configuration: configuration, exchange: exchange)
    }
}
