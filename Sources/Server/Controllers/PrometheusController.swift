import Hummingbird

/// `GET /metrics`: Prometheus text exposition (format 0.0.4).
///
/// Unauthenticated, like `/healthz`: scrapers rarely send bearer tokens, and the figures are
/// counts and durations only — no names, commits or logs. Bind the server to a private
/// address (the default is 127.0.0.1) or filter `/metrics` at the proxy if that matters.
struct PrometheusController: APIController {
    let metrics: ServerMetrics

    var routes: [Route] {
        [
            Route(.get, "/metrics", scope: nil, openAPI: OpenAPIOperation(
                "Prometheus metrics", tag: "server",
                answers: [OpenAPIOperation.Answer(200, "Prometheus text exposition format 0.0.4.", content: ["text/plain": .string])]
            )) { _, _ in
                await Response(
                    status: .ok,
                    headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                    body: .init(byteBuffer: ByteBuffer(string: metrics.render()))
                )
            },
        ]
    }
}
