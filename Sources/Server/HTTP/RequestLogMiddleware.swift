import HTTPTypes
import Hummingbird
import Logging

/// Logs one structured line per request (failures at info and above, successes at debug),
/// returns the request id to the caller and marks every response `X-Content-Type-Options: nosniff`.
///
/// The id is Hummingbird's per-request id, already in the logger's metadata, so every
/// line a handler logs carries it too; echoing it as `X-Request-ID` lets a user quote it.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var response = try await next(request, context)
        response.headers[.requestID] = context.requestID
        // No browser may guess a type other than the one declared: a job log or an artifact
        // holding HTML must never be rendered as a page of this origin.
        response.headers[.contentTypeOptions] = "nosniff"
        let elapsed = ContinuousClock.now - start
        // Successful requests log at debug: one line per request at info cost about a third of
        // the server's time per request under load. Failures stay visible at info and above.
        let level: Logger.Level = response.status.code >= 500 ? .error : response.status.code >= 400 ? .info : .debug
        context.logger.log(
            level: level,
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
    /// `X-Content-Type-Options`.
    static let contentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
}
