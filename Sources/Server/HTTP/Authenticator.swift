import Access
import Core
import Foundation
import Hummingbird

/// Checks the bearer token of a request against the scope an endpoint needs.
public struct Authenticator: Sendable {
    private let tokens: TokenService

    /// Creates an authenticator over the token service.
    public init(tokens: TokenService) {
        self.tokens = tokens
    }

    /// The caller's identity, when it holds `scope`.
    /// - Throws: `APIError` 401 for a missing, malformed, unknown or revoked token; 403 when
    ///   the token is valid but lacks the scope.
    public func require(_ scope: TokenScope, for request: Request) async throws -> Identity {
        guard request.headers[.authorization] != nil else {
            // A new user has only the admin token the server printed at its first start: say so,
            // since issuing another token ('mobile-ops tokens create') needs that one.
            throw APIError.unauthorized(
                "this endpoint needs a bearer token: send 'Authorization: Bearer <token>' (mobile-ops: --token or MOBILE_OPS_TOKEN). "
                    + "Use the admin token the server printed at its first start, or one issued with it ('mobile-ops tokens create'); "
                    + "'mobile-ops-server reset-admin-token' replaces a lost admin token")
        }
        guard let text = request.bearerToken else {
            throw APIError.unauthorized("the Authorization header must be 'Bearer <token>'")
        }
        guard let identity = try await tokens.authenticate(bearer: text) else {
            throw APIError.unauthorized("the bearer token is unknown or revoked")
        }
        guard identity.scopes.grant(scope) else {
            let held = identity.scopes.map(\.rawValue).joined(separator: ", ")
            throw APIError.forbidden("this endpoint needs the '\(scope.rawValue)' scope; token '\(identity.name)' has: \(held)")
        }
        return identity
    }
}
