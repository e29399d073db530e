import Core
import MemberwiseInit

/// Who may call a route, as the OpenAPI document states it: the operation's
/// `x-mobile-ops-scope` and `security`, and whether 401 and 403 are among its answers.
///
/// Made from the route's `scope` (which the router enforces) and, for a route the router lets
/// through without a token, the `OpenAPIOperation.Caller` it checks itself. The access table
/// (`OpenAPIAccessMatrix`) states the same by hand, and `AccessMatrixTests` compares the two.
@MemberwiseInit
struct OpenAPIAccess: Equatable {
    /// `none`, `read`, `write`, `admin`, `agent` or `signature`.
    var scope: String
    /// The names of the security schemes (`components.securitySchemes`) any of which lets a
    /// request through; empty for a public route.
    var schemes: [String]
    /// Whether a missing or bad token is refused with 401 `Unauthorized`.
    var takesToken: Bool
    /// Whether a valid API token without the scope is refused with 403 `Forbidden`.
    var hasScopes: Bool

    /// The access of a route with `scope` whose operation names `caller`.
    ///
    /// A route with a scope is a bearer API token of that scope whatever `caller` says: that is
    /// what the router checks before the handler runs.
    /// `basic`: the route also takes the token as an HTTP Basic password (`basicAuth`).
    init(scope: TokenScope?, caller: OpenAPIOperation.Caller?, basic: Bool = false) {
        if let scope {
            self.init(scope: scope.rawValue, schemes: basic ? ["bearerAuth", "basicAuth"] : ["bearerAuth"], takesToken: true, hasScopes: true)
            return
        }
        switch caller {
        case nil:
            self.init(scope: "none", schemes: [], takesToken: false, hasScopes: false)
        case .agent?:
            self.init(scope: "agent", schemes: ["agentToken"], takesToken: true, hasScopes: false)
        case .registration?:
            self.init(scope: "agent", schemes: ["registrationToken"], takesToken: true, hasScopes: false)
        case .signature(let scheme)?:
            // The signature is the credential: no bearer token is asked for, and a bad one is
            // the operation's own 401 (`OpenAPIOperation.Answer`).
            self.init(scope: "signature", schemes: [scheme], takesToken: false, hasScopes: false)
        case .feedReader?:
            self.init(scope: TokenScope.read.rawValue, schemes: ["bearerAuth", "feedToken"], takesToken: true, hasScopes: true)
        }
    }
}
