import Foundation
import GitHosts
import HTTPClient

// MARK: - Classifying HTTP results

extension OutboxDeliveryOutcome {
    /// The outcome of an exchange that produced a response, classified as the git hosts'
    /// answers are (`GitHostError.init(response:now:)`), so a team webhook and a commit status
    /// are retried alike.
    ///
    /// - 2xx: delivered.
    /// - 408, 429, 5xx: retry, honouring `Retry-After` (seconds or an HTTP date).
    /// - 403 with `Retry-After` or `X-RateLimit-Remaining: 0`: GitHub's rate limits, retry
    ///   (after `X-RateLimit-Reset` when given).
    /// - any other status: permanent; the error names the status and the start of the body,
    ///   which is where GitHub, GitLab and Bitbucket explain what they rejected.
    public static func classify(_ response: HTTPResponse, now: Date = Date()) -> OutboxDeliveryOutcome {
        GitHostError(response: response, now: now).map { OutboxDeliveryOutcome($0) } ?? .delivered
    }

    /// The outcome of an exchange that failed before a response arrived.
    ///
    /// Network trouble is retried; a cancelled or shut-down client means the service is
    /// stopping. TLS failures are retried too: they are usually a certificate or proxy being
    /// fixed, and giving up would lose statuses an operator can still save.
    public static func classify(_ error: HTTPClientError) -> OutboxDeliveryOutcome {
        OutboxDeliveryOutcome(GitHostError(error))
    }

    // MARK: Git hosts

    /// The outcome a git host's failure deserves: its message becomes `lastError`.
    public init(_ error: GitHostError) {
        switch error.kind {
        case .retry(let after): self = .retry(error.message, retryAfter: after)
        case .permanent: self = .permanentFailure(error.message)
        case .interrupted: self = .interrupted
        }
    }
}
