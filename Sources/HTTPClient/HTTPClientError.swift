// MARK: - HTTPClientError

/// Why an exchange produced no response.
///
/// The cases group curl's many error codes by what a caller can do about them (retry later,
/// fix configuration, fix input); each carries curl's own message for logs.
public enum HTTPClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL could not be parsed, or its scheme is not `http`/`https`.
    case invalidURL(String)
    /// The request is malformed (bad method, header field or timeout) and was not sent.
    case invalidRequest(String)
    /// The host name (or proxy name) could not be resolved.
    case dnsFailure(String)
    /// No connection could be made, e.g. it was refused or the network is unreachable.
    case connectionFailed(String)
    /// The TLS handshake or certificate verification failed.
    case tlsFailure(String)
    /// The request's timeout (or the connect timeout) elapsed.
    case timedOut(String)
    /// More redirects than ``HTTPClient/Configuration/maxRedirects`` were received.
    case tooManyRedirects(String)
    /// The response body exceeded ``HTTPClient/Configuration/maxResponseBodySize``.
    case responseTooLarge(limit: Int)
    /// Any other transfer failure; `code` is curl's `CURLcode`.
    case transferFailed(code: Int, message: String)
    /// The calling task was cancelled; the transfer was abandoned.
    case cancelled
    /// The client was shut down before or during the exchange.
    case shutDown

    /// A one-line explanation for logs and CLI output.
    public var description: String {
        switch self {
        case .invalidURL(let message): "invalid URL: \(message)"
        case .invalidRequest(let message): "invalid request: \(message)"
        case .dnsFailure(let message): "DNS resolution failed: \(message)"
        case .connectionFailed(let message): "connection failed: \(message)"
        case .tlsFailure(let message): "TLS failure: \(message)"
        case .timedOut(let message): "timed out: \(message)"
        case .tooManyRedirects(let message): "too many redirects: \(message)"
        case .responseTooLarge(let limit): "response body larger than \(limit) bytes"
        case .transferFailed(let code, let message): "transfer failed (curl \(code)): \(message)"
        case .cancelled: "request cancelled"
        case .shutDown: "HTTP client is shut down"
        }
    }

    /// Whether retrying the same request later might succeed (network-level trouble),
    /// as opposed to a problem with the request or configuration itself.
    public var isTransient: Bool {
        switch self {
        case .dnsFailure, .connectionFailed, .timedOut: true
        case .transferFailed: true
        default: false
        }
    }
}
