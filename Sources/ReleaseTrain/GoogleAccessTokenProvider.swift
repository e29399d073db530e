import Foundation
import HTTPClient

// MARK: - GoogleAccessTokenProvider

/// Exchanges a service account's signed JWT for an OAuth access token (the "two-legged"
/// server-to-server flow) and caches it until shortly before it expires.
///
/// Concurrent callers share one exchange; the token itself never appears in errors.
public actor GoogleAccessTokenProvider {
    /// The scope the Android Publisher API needs.
    public static let scope = "https://www.googleapis.com/auth/androidpublisher"
    /// The assertion's lifetime; Google accepts at most an hour.
    static let assertionLifetime: TimeInterval = 3600
    /// Tokens are renewed this long before they expire, so none expires in flight.
    static let renewalMargin: TimeInterval = 60

    private let account: GoogleServiceAccount
    private let tokenURL: String
    private let transport: DistributionTransport
    private let now: @Sendable () -> Date
    private var cached: (token: String, expires: Date)?
    private var inFlight: Task<Result<(String, Date), DistributionAPIError>, Never>?

    /// Creates a provider; `tokenURL` overrides the account's `token_uri` (tests, proxies).
    public init(
        account: GoogleServiceAccount, http: any HTTPExecuting, tokenURL: String? = nil,
        timeout: Duration = .seconds(30), now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.account = account
        self.tokenURL = tokenURL ?? account.tokenURI
        self.transport = DistributionTransport(distribution: .googlePlay, http: http, timeout: timeout)
        self.now = now
    }

    /// A valid access token: the cached one, or a fresh one from the token endpoint.
    public func accessToken() async throws(DistributionAPIError) -> String {
        if let cached, now() < cached.expires.addingTimeInterval(-Self.renewalMargin) {
            return cached.token
        }
        let task = inFlight ?? Task { await self.exchange() }
        inFlight = task
        let result = await task.value
        inFlight = nil
        let (token, expires) = try result.get()
        cached = (token, expires)
        return token
    }

    /// Forgets the cached token, e.g. after the API answered 401.
    public func invalidate() {
        cached = nil
    }

    // MARK: Exchange

    /// The token response's fields.
    private struct TokenAnswer: Decodable {
        var access_token: String
        var expires_in: Double?
    }

    /// The JWT's claims.
    private struct Claims: Encodable {
        var iss: String
        var scope: String
        var aud: String
        var iat: Int
        var exp: Int
    }

    /// Signs an assertion and posts it as `grant_type=…jwt-bearer&assertion=…`.
    private func exchange() async -> Result<(String, Date), DistributionAPIError> {
        let issuedAt = now()
        let iat = Int(issuedAt.timeIntervalSince1970)
        let claims = Claims(iss: account.clientEmail, scope: Self.scope, aud: tokenURL, iat: iat, exp: iat + Int(Self.assertionLifetime))
        let assertion: String
        do {
            assertion = try JSONWebToken.rs256(keyID: account.privateKeyID, claims: claims, key: account.privateKey)
        } catch {
            return .failure(DistributionAPIError(distribution: .googlePlay, kind: .invalidCredentials, operation: "sign token request", message: "the service account key cannot sign"))
        }
        let form = "grant_type=" + Self.formEncoded("urn:ietf:params:oauth:grant-type:jwt-bearer") + "&assertion=" + Self.formEncoded(assertion)
        let request = HTTPRequest(
            method: .post, url: tokenURL,
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"], text: form
        )
        do {
            let answer = try await transport.json(request, operation: "obtain access token", as: TokenAnswer.self)
            return .success((answer.access_token, issuedAt.addingTimeInterval(answer.expires_in ?? 3600)))
        } catch {
            // Any refusal at the token endpoint means the credentials do not work.
            var error = error
            if case .rejected = error.kind { error.kind = .authentication }
            return .failure(error)
        }
    }

    /// `application/x-www-form-urlencoded` encoding of one value.
    static func formEncoded(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}
