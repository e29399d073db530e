import Foundation
import HTTPClient

// MARK: - AppStoreConnectClient

/// The App Store Connect API, as far as the release train needs it: find a version, submit
/// it for review, and run its phased release. Authenticated with an ES256 JWT signed by a
/// `.p8` API key, reused until shortly before it expires.
public struct AppStoreConnectClient: Sendable {
    /// Where the API is; configurable for tests and proxies.
    public struct Configuration: Sendable, Hashable {
        /// The API root, without a trailing slash.
        public var baseURL: String
        /// The limit for one request.
        public var timeout: Duration

        /// Creates a configuration; by default Apple's public endpoint.
        public init(baseURL: String = "https://api.appstoreconnect.apple.com", timeout: Duration = .seconds(60)) {
            var base = baseURL
            while base.hasSuffix("/") { base.removeLast() }
            self.baseURL = base
            self.timeout = timeout
        }
    }

    private let configuration: Configuration
    private let transport: DistributionTransport
    private let tokens: AppStoreConnectTokens

    /// Creates a client; `now` is the clock for the tokens' `iat`/`exp`.
    public init(
        http: any HTTPExecuting, key: AppStoreConnectKey, configuration: Configuration = Configuration(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.transport = DistributionTransport(distribution: .appStoreConnect, http: http, timeout: configuration.timeout)
        self.tokens = AppStoreConnectTokens(key: key, now: now)
    }

    // MARK: Versions

    /// The App Store version `versionString` of app `appID` on `platform` (`IOS`, `MAC_OS` …).
    public func appStoreVersion(appID: String, versionString: String, platform: String = "IOS") async throws(DistributionAPIError) -> AppStoreVersion {
        struct Attributes: Decodable {
            var versionString: String?
            var appStoreState: String?
            var releaseType: String?
        }
        let query = "filter%5BversionString%5D=\(Self.queryValue(versionString))&filter%5Bplatform%5D=\(Self.queryValue(platform))"
        let url = "\(configuration.baseURL)/v1/apps/\(Self.segment(appID))/appStoreVersions?\(query)"
        let operation = "find version \(versionString)"
        let document = try await call(.get, url, body: nil, operation: operation, as: JSONAPIDocument<[JSONAPIResource<Attributes>]>.self)
        guard let resource = document.data.first else {
            throw DistributionAPIError(distribution: .appStoreConnect, kind: .notFound, operation: operation, message: "app \(appID) has no \(platform) version \(versionString); create it in App Store Connect first")
        }
        return AppStoreVersion(
            id: resource.id, versionString: resource.attributes?.versionString ?? versionString, state: resource.attributes?.appStoreState,
            releaseType: resource.attributes?.releaseType
        )
    }

    // MARK: Plumbing

    /// Sends an authorised request and decodes the answer.
    func call<Answer: Decodable>(
        _ method: HTTPMethod, _ url: String, body: [UInt8]?, operation: String, as type: Answer.Type
    ) async throws(DistributionAPIError) -> Answer {
        var headers: HTTPHeaders = ["Authorization": "Bearer \(try await tokens.token())", "Accept": "application/json"]
        if body != nil { headers.add(name: "Content-Type", value: "application/json") }
        return try await transport.json(HTTPRequest(method: method, url: url, headers: headers, body: body), operation: operation, as: type)
    }

    /// The API root, for the feature extensions.
    var baseURL: String { configuration.baseURL }

    /// Percent-encodes one path segment.
    static func segment(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// Percent-encodes one query value.
    static func queryValue(_ text: String) -> String {
        segment(text)
    }
}
