import Foundation

// MARK: - AppStoreConnectTokens

/// Signs App Store Connect JWTs and reuses one until shortly before it expires (Apple allows
/// reuse and rejects lifetimes over 20 minutes).
actor AppStoreConnectTokens {
    /// The audience every App Store Connect token carries.
    static let audience = "appstoreconnect-v1"
    /// The token lifetime: under Apple's 20-minute limit, leaving room for clock skew.
    static let lifetime: TimeInterval = 15 * 60
    /// Tokens are renewed this long before they expire.
    static let renewalMargin: TimeInterval = 60

    private let key: AppStoreConnectKey
    private let now: @Sendable () -> Date
    private var cached: (token: String, expires: Date)?

    /// The JWT's claims.
    private struct Claims: Encodable {
        var iss: String
        var iat: Int
        var exp: Int
        var aud: String
    }

    init(key: AppStoreConnectKey, now: @escaping @Sendable () -> Date) {
        self.key = key
        self.now = now
    }

    /// A valid token: the cached one, or a freshly signed one.
    func token() throws(DistributionAPIError) -> String {
        let date = now()
        if let cached, date < cached.expires.addingTimeInterval(-Self.renewalMargin) {
            return cached.token
        }
        let iat = Int(date.timeIntervalSince1970)
        let claims = Claims(iss: key.issuerID, iat: iat, exp: iat + Int(Self.lifetime), aud: Self.audience)
        do {
            let token = try JSONWebToken.es256(keyID: key.keyID, claims: claims, key: try key.signingKey())
            cached = (token, Date(timeIntervalSince1970: TimeInterval(iat) + Self.lifetime))
            return token
        } catch {
            throw DistributionAPIError(distribution: .appStoreConnect, kind: .invalidCredentials, operation: "sign API token", message: "key \(key.keyID) cannot sign")
        }
    }
}
