import HTTPTypes
import Hummingbird
import Logging

/// Logs one structured line per request and returns the request id to the caller.
///
/// The id is Hummingbird's per-request id, already in the logger's metadata, so every
/// line a handler logs carries it too; echoing it as `X-Request-ID` lets a user quote it.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var response = try await next(request, context)
        response.headers[.requestID] = context.requestID
        let elapsed = ContinuousClock.now - start
        context.logger.info(
            "request",
            metadata: [
                "method": "\(request.method.rawValue)",
                "path": "\(request.uri.path)",
                "status": "\(response.status.code)",
                "duration_ms": "\(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)",
            ]
        )
        return response
    }
}

extension HTTPField.Name {
    /// `X-Request-ID`.
    static let requestID = HTTPField.Name("X-Request-ID")!
}
