import Core

/// Storage of API tokens: only hashes of their secrets are ever stored.
public protocol TokenStore: Sendable {
    /// Stores a new token and its audit event in one transaction.
    func createToken(id: String, name: String, scopes: [TokenScope], secretHash: String, audit: AuditEvent) async throws(StoreError) -> APIToken
    /// The token and its stored hash, by public id (revoked tokens included).
    func tokenCredentials(id: String) async throws(StoreError) -> (token: APIToken, secretHash: String)?
    /// All tokens, newest first, without secrets.
    func tokens() async throws(StoreError) -> [APIToken]
    /// Marks a token revoked and records it; revoking twice changes nothing.
    /// - Throws: `StoreError.notFound` for an unknown id; `StoreError.lastAdminToken` when
    ///   it is the only active admin-scoped token (checked in the revoking transaction).
    func revokeToken(id: String, audit: AuditEvent) async throws(StoreError) -> APIToken
    /// Makes sure the bootstrap admin token is exactly the one given, replacing an older one.
    /// Returns false when it already was.
    func installBootstrapToken(id: String, secretHash: String, audit: AuditEvent) async throws(StoreError) -> Bool
    /// Whether any active token holds the admin scope.
    func hasActiveAdminToken() async throws(StoreError) -> Bool
}
