import Hummingbird

/// `GET /api/v1/openapi.json`: the API's OpenAPI 3.1 document (`OpenAPIDocument`).
///
/// Public, like `/healthz`: the document describes routes and shapes, never data, and a
/// client generator or a new integrator needs it before holding any token.
struct OpenAPIController: APIController {
    /// The document's bytes, built once: the text never changes while the server runs.
    private let body = ByteBuffer(string: OpenAPIDocument.json)

    var routes: [Route] {
        [
            Route(.get, "/api/v1/openapi.json", scope: nil) { [body] _, _ in
                .json(encoded: body)
            },
        ]
    }
}
