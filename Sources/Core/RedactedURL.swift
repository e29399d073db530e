import Foundation

/// URLs as logs and messages show them: the password in the user info masked, as the
/// PostgreSQL URL is (`postgres://mo:***@db:5432/ci`), so an endpoint configured with
/// credentials in it (`http://AKIA…:secret@minio:9000`) never prints them.
public enum RedactedURL {
    /// `url` with the password of its user info replaced by `***` (`http://key:***@host/s3`);
    /// user info without a password, often a token on its own, is replaced whole
    /// (`https://***@host`). A URL without user info is returned as it is.
    public static func masking(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return url }
        let rest = url[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        guard let at = authority.lastIndex(of: "@") else { return url }
        let userInfo = authority[..<at]
        let masked = userInfo.firstIndex(of: ":").map { userInfo[..<$0] + ":***" } ?? "***"
        return String(url[..<schemeEnd.upperBound]) + masked + String(rest[at...])
    }

    /// `text` (a message that may quote `url`) with `url` masked wherever it appears.
    public static func masking(_ url: String, in text: String) -> String {
        let masked = masking(url)
        return masked == url ? text : text.replacingOccurrences(of: url, with: masked)
    }
}
