import Access
import Core
import Hummingbird

/// One HTTP endpoint as data: method, path, who may call it, what the OpenAPI document says
/// of it, and what it does.
///
/// Controllers describe their endpoints this way instead of touching the router, so
/// `RouterFactory` wires authentication, the 405 table and logging once for all of them, and
/// the served OpenAPI document's `paths` are generated from the same list
/// (`OpenAPIDocument+Paths.swift`): a route is stated once, here.
public struct Route: Sendable {
    /// The handler's signature: the request and its context in, a response out.
    public typealias Handler = @Sendable (Request, AppRequestContext) async throws -> Response

    /// The HTTP method.
    public var method: HTTPRequest.Method
    /// The path pattern, with `:name` parameters, e.g. `/api/v1/repositories/:id`, and `**` last
    /// for the rest of the path, however many segments (`{path}` in the OpenAPI document).
    public var path: String
    /// The scope a bearer token needs; nil for public endpoints (health, webhooks).
    public var scope: TokenScope?
    /// The largest declared body this endpoint accepts; nil for the server's limit
    /// (`--max-body-size`). Uploads that stream to disk (artifacts) set their own.
    public var bodyLimit: Int64?
    /// The endpoint must read its body before it can check any credential (a webhook's
    /// signature covers the body): the body is read first, whole and bounded in time and in
    /// how many at once (`UnauthenticatedBodies`).
    public var readsBodyBeforeCredential: Bool
    /// The token may also come as an HTTP Basic password (any user name), and a 401 challenges
    /// for Basic: build-cache clients (Gradle, ccache, Bazel URLs) can send nothing else.
    public var acceptsBasic: Bool
    /// What the OpenAPI document says of the endpoint beyond its method, path and scope.
    public var openAPI: OpenAPIOperation
    /// What the endpoint does.
    public var handler: Handler
    /// Told of a request whose valid token lacks ``scope`` (answered 403), before the answer
    /// goes: the build cache counts a read token's upload as refused.
    public var onForbidden: (@Sendable (Request, AppRequestContext) async -> Void)?

    /// Describes an endpoint.
    public init(
        _ method: HTTPRequest.Method, _ path: String, scope: TokenScope?, bodyLimit: Int64? = nil, readsBodyBeforeCredential: Bool = false,
        acceptsBasic: Bool = false, openAPI: OpenAPIOperation, onForbidden: (@Sendable (Request, AppRequestContext) async -> Void)? = nil,
        handler: @escaping Handler
    ) {
        self.method = method
        self.path = path
        self.scope = scope
        self.bodyLimit = bodyLimit
        self.readsBodyBeforeCredential = readsBodyBeforeCredential
        self.acceptsBasic = acceptsBasic
        self.openAPI = openAPI
        self.onForbidden = onForbidden
        self.handler = handler
    }
}

extension Route {
    /// The handler of an agent-protocol endpoint: the request, its context and the agent
    /// whose token it carries.
    typealias AgentHandler = @Sendable (Request, AppRequestContext, Agent) async throws -> Response

    /// An endpoint of the agent protocol: the router lets it through without an API token
    /// (`scope` nil), and the handler runs only for a registered agent's own token (`moa_…`),
    /// checked before anything else of the request is read, so a caller without one gets 401
    /// and never a verdict on what it sent.
    static func agent(
        _ method: HTTPRequest.Method, _ path: String, auth: AgentAuthService, bodyLimit: Int64? = nil, openAPI: OpenAPIOperation,
        handler: @escaping AgentHandler
    ) -> Route {
        Route(method, path, scope: nil, bodyLimit: bodyLimit, openAPI: openAPI) { request, context in
            let agent = try await auth.agent(bearerToken: request.bearerToken)
            return try await handler(request, context, agent)
        }
    }
}

/// A group of related endpoints, contributed to the container as a multi-binding.
public protocol APIController: Sendable {
    /// The endpoints this controller serves.
    var routes: [Route] { get }
}
