import Access
import Core
import Foundation
import HTTPTypes
import Hummingbird
import MemberwiseInit

/// Checks the token of a request against the scope an endpoint needs: a bearer token, or on
/// the build cache's routes the password of HTTP Basic credentials, and there also a job's
/// cache credential (`moj_…`, ``JobCacheCredentials``), which no other route accepts.
@MemberwiseInit(.public)
public struct Authenticator: Sendable {
    private let tokens: TokenService
    private let jobCredentials: JobCacheCredentials

    /// The caller's identity, when it holds `scope`.
    /// - Parameter basic: Whether the token may come as the password of `Authorization: Basic`
    ///   (build-cache clients can send nothing else); a 401 then challenges for Basic.
    /// - Throws: `APIError` 401 for a missing, malformed, unknown or revoked token; 403 when
    ///   the token is valid but lacks the scope.
    public func require(_ scope: TokenScope, for request: Request, basic: Bool = false) async throws -> Identity {
        guard request.headers[.authorization] != nil else {
            if basic {
                throw Self.unauthorized(basic: true, "this endpoint needs a token: HTTP Basic credentials with the token as password (any user name), or 'Authorization: Bearer <token>'")
            }
            // A new user has only the admin token the server printed at its first start: say so,
            // since issuing another token ('mobile-ops tokens create') needs that one.
            throw APIError.unauthorized(
                "this endpoint needs a bearer token: send 'Authorization: Bearer <token>' (mobile-ops: --token or MOBILE_OPS_TOKEN). "
                    + "Use the admin token the server printed at its first start, or one issued with it ('mobile-ops tokens create'); "
                    + "'mobile-ops-server reset-admin-token' replaces a lost admin token")
        }
        guard let text = request.bearerToken ?? (basic ? request.basicPassword : nil) else {
            throw Self.unauthorized(
                basic: basic, basic ? "the Authorization header must be 'Bearer <token>' or Basic credentials with the token as password" : "the Authorization header must be 'Bearer <token>'")
        }
        if basic, text.hasPrefix(JobCacheCredentials.prefix) {
            return try await job(text, scope: scope)
        }
        guard let identity = try await tokens.authenticate(bearer: text) else {
            throw Self.unauthorized(basic: basic, basic ? "the token is unknown or revoked" : "the bearer token is unknown or revoked")
        }
        guard identity.scopes.grant(scope) else {
            let held = identity.scopes.map(\.rawValue).joined(separator: ", ")
            throw APIError.forbidden("this endpoint needs the '\(scope.rawValue)' scope; token '\(identity.name)' has: \(held)")
        }
        return identity
    }

    /// The identity of a job's cache credential: `read` and `write` in its job's namespace (the
    /// cache's routes check which), while the job runs.
    private func job(_ text: String, scope: TokenScope) async throws -> Identity {
        guard let grant = try await jobCredentials.authenticate(text) else {
            throw Self.unauthorized(basic: true, "the job's cache credential is unknown, or its job has finished: it works only while its job runs")
        }
        guard TokenScope.write.grants(scope) else {
            throw APIError.forbidden("this endpoint needs the '\(scope.rawValue)' scope; a job's cache credential reads and writes its namespace only")
        }
        return Identity(tokenID: "job-\(grant.jobID)", name: "job \(grant.jobID)", scopes: [.write], cacheJob: grant)
    }

    /// 401 with the challenge the route's clients answer: Apache's HTTP client (Gradle) sends
    /// Basic credentials again only after a challenge naming Basic.
    private static func unauthorized(basic: Bool, _ message: String) -> APIError {
        guard basic else { return APIError.unauthorized(message) }
        return APIError(.unauthorized, code: "unauthorized", message: message, headers: [.wwwAuthenticate: #"Basic realm="mobile-ops""#])
    }
}
