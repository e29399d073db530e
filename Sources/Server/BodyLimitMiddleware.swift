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

    /// The largest artifact upload (`PUT …/artifacts`), which streams to disk instead.
    let artifactLimit: Int64

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let declared = request.headers[.contentLength].flatMap(Int64.init) {
            let isArtifact = request.method == .put && request.uri.path.hasSuffix("/artifacts")
            let allowed = isArtifact ? artifactLimit : Int64(limit)
            if declared > allowed { throw APIError.payloadTooLarge(limit: Int(clamping: allowed)) }
        }
        return try await next(request, context)
    }
}
