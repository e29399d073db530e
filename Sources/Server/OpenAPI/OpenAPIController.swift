import Hummingbird

/// `GET /api/v1/openapi.json`: the API's OpenAPI 3.1 document (`OpenAPIDocument`), made from
/// the routes it is given and its own.
///
/// Public, like `/healthz`: the document describes routes and shapes, never data, and a
/// client generator or a new integrator needs it before holding any token. `RouterFactory`
/// makes it last, from every other route, rather than the container: a controller contributed
/// like the others could not be given the list it belongs to.
struct OpenAPIController: APIController {
    /// The document's text: the routes given and this controller's own.
    let json: String
    /// The document's bytes, built once: the text never changes while the server runs.
    private let body: ByteBuffer

    /// The controller serving the document of `others` and of its own route.
    init(documenting others: [Route]) {
        // The route's description does not depend on the body it serves, so an empty one
        // stands in while the document that will be the body is made.
        json = OpenAPIDocument.json(routes: others + [Self.route(serving: ByteBuffer())])
        body = ByteBuffer(string: json)
    }

    var routes: [Route] { [Self.route(serving: body)] }

    /// The document's route, answering with `body`.
    private static func route(serving body: ByteBuffer) -> Route {
        Route(.get, "/api/v1/openapi.json", scope: nil, openAPI: OpenAPIOperation(
            "This document", tag: "server",
            answers: [.json(200, "The OpenAPI 3.1 document of this API.", .json(#"{"type":"object","additionalProperties":true}"#))]
        )) { _, _ in
            .json(encoded: body)
        }
    }
}
