import Core
import DI
import Hummingbird

/// Introspection: the service graph the container validated at start-up.
struct SystemController: APIController {
    let graph: ServiceGraph

    var routes: [Route] {
        [
            Route(.get, "/api/v1/system/graph", scope: .read) { request, _ in
                switch request.uri.queryParameters.get("format") ?? "json" {
                case "json":
                    return .text(graph.json, contentType: "application/json; charset=utf-8")
                case "dot":
                    return .text(graph.dot, contentType: "text/vnd.graphviz; charset=utf-8")
                case let other:
                    throw APIError.badRequest("format '\(other)' is not supported; use json or dot", code: "invalid_format")
                }
            },
        ]
    }
}
