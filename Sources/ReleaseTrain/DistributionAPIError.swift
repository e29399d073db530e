import HTTPClient
import MemberwiseInit

// MARK: - DistributionAPIError

/// Why a call to a distribution service (Google Play, App Store Connect: the app stores; in
/// our names "store" is the database only) failed, carrying the service's own error code and
/// message.
///
/// Never contains credentials: messages are built from the store's answer, the HTTP status
/// and the operation's name, never from requests, tokens or keys, so the description can be
/// logged, returned by the API and put into notifications.
@MemberwiseInit(.public)
public struct DistributionAPIError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure it is, for callers deciding to retry, halt or alert.
    public enum Kind: Sendable, Hashable {
        /// The key file or service account is missing, malformed or unusable.
        case invalidCredentials
        /// No HTTP answer: network, TLS or timeout trouble.
        case transport(HTTPClientError)
        /// The store refused the credentials (token exchange failed, 401, 403).
        case authentication
        /// The store answered with another error status.
        case rejected
        /// What was looked for does not exist (e.g. no App Store version with that string).
        case notFound
        /// A success status with a body this client cannot read.
        case invalidResponse
        /// The store holds something the train will not change by itself (e.g. another open
        /// review submission); a person resolves it in the store, then the train goes on.
        case conflict
    }

    /// Which distribution service.
    public var distribution: DistributionName
    /// What kind of failure.
    public var kind: Kind
    /// What was being done, e.g. `update track production`.
    public var operation: String
    /// The HTTP status, when there was an answer.
    public var status: Int?
    /// The store's error code: Google's `status` (`PERMISSION_DENIED`) or OAuth `error`
    /// (`invalid_grant`), Apple's `code` (`ENTITY_ERROR.ATTRIBUTE.INVALID`).
    public var code: String?
    /// The store's message (Google's `message`, Apple's `title: detail`) or ours.
    public var message: String

    /// `Google Play: update track production failed (HTTP 403 PERMISSION_DENIED): message`.
    public var description: String {
        var qualifiers: [String] = []
        if let status { qualifiers.append("HTTP \(status)") }
        if let code { qualifiers.append(code) }
        let detail = qualifiers.isEmpty ? "" : " (\(qualifiers.joined(separator: " ")))"
        return "\(distribution.rawValue): \(operation) failed\(detail): \(message)"
    }

    /// Whether trying again later may work: network trouble, rate limits, server errors.
    public var isTransient: Bool {
        switch kind {
        case .transport(let error): error.isTransient
        case .rejected, .authentication: status.map { $0 == 429 || $0 >= 500 } ?? false
        default: false
        }
    }
}

// MARK: - DistributionName

/// The distribution services (app stores) MobileOps talks to.
public enum DistributionName: String, Sendable, Hashable, Codable {
    /// The Google Play Android Publisher API (and Google's OAuth token endpoint).
    case googlePlay = "Google Play"
    /// The App Store Connect API.
    case appStoreConnect = "App Store Connect"
}
