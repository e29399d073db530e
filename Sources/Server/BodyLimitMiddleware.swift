import Hummingbird

/// Rejects a request whose declared body is over the limit before any of it is read.
///
/// Bodies without a `Content-Length` (chunked) are bounded where they are read, by
/// `Request.decodeJSON(_:limit:)`; this check answers the common case early and for every
/// route, including ones that never read their body.
struct BodyLimitMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// The largest body accepted, in bytes.
    let limit: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw APIError.payloadTooLarge(limit: limit)
        }
        return try await next(request, context)
    }
}
