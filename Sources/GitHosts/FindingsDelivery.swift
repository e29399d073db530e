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
