import Hummingbird

/// Builds the Hummingbird router from every controller's routes.
///
/// This is where cross-cutting behaviour is attached exactly once: request logging and
/// ids, the error shape, the 405 table, and per-route body limits and authentication.
public struct RouterFactory: Sendable {
    private let controllers: [any APIController]
    private let authenticator: Authenticator
    private let bodyLimit: Int
    /// Bodies read before any credential is checked: one gate for every such route.
    private let strangers: UnauthenticatedBodies

    /// Creates the factory; `controllers` is the container's multi-binding of every controller.
    public init(controllers: [any APIController], authenticator: Authenticator, configuration: ServerConfiguration) {
        self.controllers = controllers
        self.authenticator = authenticator
        self.bodyLimit = configuration.maxBodySize
        self.strangers = UnauthenticatedBodies(
            maxConnections: configuration.maxConnections, percent: configuration.unauthenticatedConnectionsPercent,
            deadline: .milliseconds(Int64(configuration.unauthenticatedBodySeconds * 1000)))
    }

    /// Every route of the contributed controllers plus `extra` ones, then the OpenAPI
    /// document's, which describes them all: the list `makeRouter` serves, and the one list a
    /// route is declared in.
    public func routes(extra: [any APIController] = []) -> [Route] {
        let routes = (controllers + extra).flatMap(\.routes)
        return routes + OpenAPIController(documenting: routes).routes
    }

    /// A router serving `routes` (those of `routes(extra:)`).
    public func makeRouter(_ routes: [Route]) -> Router<AppRequestContext> {
        var table = RouteTable()
        for route in routes { table.add(route.method, route.path) }

        let router = Router(context: AppRequestContext.self)
        router.add(middleware: RequestLogMiddleware())
        router.add(middleware: ErrorMiddleware(routes: table))
        for route in routes {
            router.on(RouterPath(route.path), method: route.method, use: limited(route, readFirst(route, authenticated(route))))
        }
        return router
    }

    /// Rejects a request whose declared body is over the route's limit before any of it is
    /// read (and before authentication, so an oversized body is a 413 whoever sends it).
    ///
    /// Bodies without a `Content-Length` (chunked) are bounded where they are read
    /// (`Request.collectBody(limit:)`, the artifact stream); this answers the common case early
    /// and for every route, including ones that never read their body.
    private func limited(_ route: Route, _ handler: @escaping Route.Handler) -> Route.Handler {
        let limit = route.bodyLimit ?? Int64(bodyLimit)
        return { request, context in
            if let declared = request.headers[.contentLength].flatMap(Int64.init), declared > limit {
                throw APIError.payloadTooLarge(limit: Int(clamping: limit))
            }
            return try await handler(request, context)
        }
    }

    /// For a route that reads its body before any credential: the body is read whole first,
    /// within the deadline and only while the share of connections for strangers has room.
    private func readFirst(_ route: Route, _ handler: @escaping Route.Handler) -> Route.Handler {
        guard route.readsBodyBeforeCredential else { return handler }
        let strangers = self.strangers
        let limit = Int(clamping: route.bodyLimit ?? Int64(bodyLimit))
        return { request, context in
            try await handler(try await strangers.read(request, byteLimit: limit), context)
        }
    }

    /// Wraps a handler so it runs only for a caller holding the route's scope; the route is
    /// told of a valid token that lacks it (``Route/onForbidden``).
    private func authenticated(_ route: Route) -> Route.Handler {
        guard let scope = route.scope else { return route.handler }
        let authenticator = self.authenticator
        let handler = route.handler
        let basic = route.acceptsBasic
        let onForbidden = route.onForbidden
        return { request, context in
            var context = context
            do {
                context.identity = try await authenticator.require(scope, for: request, basic: basic)
            } catch let error as APIError where error.status == .forbidden {
                await onForbidden?(request, context)
                throw error
            }
            return try await handler(request, context)
        }
    }
}
