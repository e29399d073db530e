import Core
import DI
import Hummingbird

/// Introspection: the service graph the container validated at start-up.
struct SystemController: APIController {
    let graph: ServiceGraph

    var routes: [Route] {
        [
            Route(.get, "/api/v1/system/graph", scope: .read, openAPI: OpenAPIOperation(
                "The server's service graph", tag: "server",
                parameters: [.query("format", .json(#"{"type":"string","enum":["json","dot"]}"#))],
                answers: [
                    OpenAPIOperation.Answer(200, "JSON (default) or Graphviz DOT.", content: ["application/json": .ref("ServiceGraph"), "text/vnd.graphviz": .string]),
                ],
                errors: [.badRequest, .databaseUnavailable]
            )) { request, _ in
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
