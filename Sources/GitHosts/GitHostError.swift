import HTTPClient

// MARK: - GitHostError

/// Why an exchange with a git host failed, classified for the caller's retry policy: the
/// outbox retries ``Kind/retry(after:)``, gives up on ``Kind/permanent`` and hands the message
/// back on ``Kind/interrupted``.
///
/// `message` is what operators read in `lastError`, e.g. `creating the check run: HTTP 422: …`
/// (a delivery of several requests names the step that failed first).
public struct GitHostError: Error, Sendable, CustomStringConvertible {
    /// What retrying can do about it.
    public enum Kind: Sendable, Equatable {
        /// It may go away (5xx, 408, 429, rate limits, network trouble); try again, no sooner
        /// than `after` when the host said so.
        case retry(after: Duration?)
        /// Retrying cannot fix it (4xx, a repository name the host cannot have, an answer that
        /// is not the documented JSON).
        case permanent
        /// The client was cancelled or shut down: the caller is stopping.
        case interrupted
    }

    /// What retrying can do about it.
    public var kind: Kind
    /// What went wrong, as the host said it; never contains a token.
    public var message: String
    /// The host's answer when it caused the failure (a non-2xx status), so a delivery can react
    /// to it: GitHub's 403 for a token that may not write checks, Bitbucket's 404 for a report
    /// that was never there.
    var response: HTTPResponse?

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
        self.response = nil
    }

    /// Whether retrying cannot fix it.
    public var isPermanent: Bool { kind == .permanent }

    /// One line for logs, worded as the outbox words its outcomes, since the findings report's
    /// fallback quotes it in `lastError`.
    public var description: String {
        switch kind {
        case .retry(let after):
            after.map { "retryable failure: \(message) (retry after \($0))" } ?? "retryable failure: \(message)"
        case .permanent: "permanent failure: \(message)"
        case .interrupted: "interrupted"
        }
    }

    /// The same failure with `step` before its message (an interruption keeps its own).
    func named(_ step: String) -> GitHostError {
        guard kind != .interrupted else { return self }
        var named = self
        named.message = "\(step): \(message)"
        return named
    }
}
