import Foundation
import HTTPClient

// MARK: - Classifying HTTP results

extension GitHostError {
    /// The failure a response stands for, or nil for a 2xx.
    ///
    /// - 408, 429, 5xx: retry, honouring `Retry-After` (seconds or an HTTP date).
    /// - 403 with `Retry-After` or `X-RateLimit-Remaining: 0`: GitHub's rate limits, retry
    ///   (after `X-RateLimit-Reset` when given).
    /// - any other status: permanent; the message names the status and the start of the body,
    ///   which is where GitHub, GitLab and Bitbucket explain what they rejected.
    public init?(response: HTTPResponse, now: Date = Date()) {
        let status = response.status
        if response.isSuccess { return nil }
        let summary = "HTTP \(status): \(Self.bodyExcerpt(response.bodyText))"
        let retryAfter = Self.retryDelay(response, now: now)
        switch status {
        case 408, 429, 500...599:
            self.init(.retry(after: retryAfter), summary)
        case 403 where retryAfter != nil || response.header("X-RateLimit-Remaining") == "0":
            self.init(.retry(after: retryAfter), "rate limited; \(summary)")
        default:
            self.init(.permanent, summary)
        }
    }

    /// The failure of an exchange that ended before a response arrived.
    ///
    /// Network trouble is retried; a cancelled or shut-down client means the caller is
    /// stopping. TLS failures are retried too: they are usually a certificate or proxy being
    /// fixed, and giving up would lose statuses an operator can still save.
    public init(_ error: HTTPClientError) {
        switch error {
        case .cancelled, .shutDown:
            self.init(.interrupted, error.description)
        case .tlsFailure:
            self.init(.retry(after: nil), error.description)
        case _ where error.isTransient:
            self.init(.retry(after: nil), error.description)
        default:
            self.init(.permanent, error.description)
        }
    }

    // MARK: Helpers

    /// At most 300 characters of a response body on one line, for `lastError`.
    public static func bodyExcerpt(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        if line.isEmpty { return "(empty body)" }
        return line.count > 300 ? String(line.prefix(300)) + "…" : line
    }

    /// The wait the receiver asked for: `Retry-After` (delta seconds or HTTP date), else a
    /// rate-limit reset time (epoch seconds). Nil when it asked for nothing parseable.
    static func retryDelay(_ response: HTTPResponse, now: Date) -> Duration? {
        if let value = response.header("Retry-After")?.trimmingCharacters(in: .whitespaces) {
            if let seconds = Int(value), seconds >= 0 { return .seconds(seconds) }
            if let date = httpDate(value) { return .seconds(max(0, Int(date.timeIntervalSince(now).rounded(.up)))) }
        }
        if response.header("X-RateLimit-Remaining") == "0",
            let reset = response.header("X-RateLimit-Reset").flatMap(TimeInterval.init) {
            return .seconds(max(0, Int((reset - now.timeIntervalSince1970).rounded(.up))))
        }
        return nil
    }

    /// Parses an IMF-fixdate such as `Wed, 21 Oct 2015 07:28:00 GMT`.
    private static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }
}
