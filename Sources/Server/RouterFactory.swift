import Hummingbird

/// Builds the Hummingbird router from every controller's routes.
///
/// This is where cross-cutting behaviour is attached exactly once: request logging and
/// ids, the error shape, the body limit, the 405 table and per-route authentication.
public struct RouterFactory: Sendable {
    private let controllers: [any APIController]
    private let authenticator: Authenticator
    private let bodyLimit: Int
    private let artifactLimit: Int64

    /// Creates the factory; `controllers` is the container's multi-binding of every controller.
    public init(controllers: [any APIController], authenticator: Authenticator, configuration: ServerConfiguration) {
        self.controllers = controllers
        self.authenticator = authenticator
        self.bodyLimit = configuration.maxBodySize
        self.artifactLimit = configuration.maxArtifactSize
    }

    /// A router serving every route of the contributed controllers plus `extra` ones.
    public func makeRouter(extra: [any APIController] = []) -> Router<AppRequestContext> {
        let routes = (controllers + extra).flatMap(\.routes)
        var table = RouteTable()
        for route in routes { table.add(route.method, route.path) }

        let router = Router(context: AppRequestContext.self)
        router.add(middleware: RequestLogMiddleware())
        router.add(middleware: ErrorMiddleware(routes: table))
        router.add(middleware: BodyLimitMiddleware(limit: bodyLimit, artifactLimit: artifactLimit))
        for route in routes {
            router.on(RouterPath(route.path), method: route.method, use: authenticated(route))
        }
        return router
    }

    /// Wraps a handler so it runs only for a caller holding the route's scope.
    private func authenticated(_ route: Route) -> Route.Handler {
        guard let scope = route.scope else { return route.handler }
        let authenticator = self.authenticator
        let handler = route.handler
        return { request, context in
            var context = context
            context.identity = try authenticator.require(scope, for: request)
            return try await handler(request, context)
        }
    }
}
