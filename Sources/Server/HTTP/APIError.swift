import Core
import Foundation
import Hummingbird

/// The one error every endpoint answers with: `{"error": {"code": …, "message": …}}`.
///
/// Handlers throw it directly for known failures; `ErrorMiddleware` converts everything
/// else (Hummingbird's `HTTPError`, decoding errors, store errors) into it, so a client
/// never sees a second error shape.
public struct APIError: Error, HTTPResponseError, Sendable, Equatable {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// Stable snake_case code a script can branch on.
    public var code: String
    /// What went wrong and what to do about it.
    public var message: String
    /// Extra response headers, e.g. `Allow` on 405 or `WWW-Authenticate` on 401.
    public var headers: HTTPFields

    /// Creates an error response.
    public init(_ status: HTTPResponse.Status, code: String, message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    /// Renders the JSON body.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = self.headers
        headers[.contentType] = "application/json; charset=utf-8"
        let body = ErrorBody(error: .init(code: code, message: message))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(body)) ?? Data(#"{"error":{"code":"internal_error","message":"error"}}"#.utf8)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The wire shape of an error.
    struct ErrorBody: Codable {
        struct Detail: Codable {
            var code: String
            var message: String
        }
        var error: Detail
    }
}

// MARK: - Common errors

extension APIError {
    /// 400 with a code naming the kind of bad input.
    public static func badRequest(_ message: String, code: String = "bad_request") -> APIError {
        APIError(.badRequest, code: code, message: message)
    }

    /// 404 for an id or name that does not exist.
    public static func notFound(_ message: String) -> APIError {
        APIError(.notFound, code: "not_found", message: message)
    }

    /// 409 for a unique value already taken or a state that forbids the action.
    public static func conflict(_ message: String) -> APIError {
        APIError(.conflict, code: "conflict", message: message)
    }

    /// 401: no credentials, or credentials we do not accept.
    public static func unauthorized(_ message: String) -> APIError {
        APIError(.unauthorized, code: "unauthorized", message: message, headers: [.wwwAuthenticate: "Bearer"])
    }

    /// 403: valid credentials without the scope the endpoint needs.
    public static func forbidden(_ message: String) -> APIError {
        APIError(.forbidden, code: "forbidden", message: message)
    }

    /// The response for a service's refusal: each kind has one status.
    public init(_ refusal: ServiceError) {
        switch refusal.kind {
        case .invalidInput: self.init(.badRequest, code: refusal.code, message: refusal.message)
        case .unauthenticated:
            // A bearer token was missing or refused: say which scheme to use. A webhook's
            // signature is not a scheme a client can answer, so it gets no challenge.
            let challenge: HTTPFields = refusal.code == "invalid_signature" ? [:] : [.wwwAuthenticate: "Bearer"]
            self.init(.unauthorized, code: refusal.code, message: refusal.message, headers: challenge)
        case .forbidden: self.init(.forbidden, code: refusal.code, message: refusal.message)
        case .notFound: self.init(.notFound, code: refusal.code, message: refusal.message)
        case .conflict: self.init(.conflict, code: refusal.code, message: refusal.message)
        case .upstreamFailed: self.init(.badGateway, code: refusal.code, message: refusal.message)
        case .internalFailure: self.init(.internalServerError, code: refusal.code, message: refusal.message)
        }
    }

    /// 503 `storage_full`: the server's disk has no space left, so the write was refused
    /// whole (nothing of it is stored); reads keep working.
    ///
    /// `Retry-After: 30`: space comes back through an operator (deleting files, growing the
    /// volume), which takes minutes, not milliseconds; 30 s keeps clients that honour it
    /// (agents, the CLI, scripts) from hammering a server that logs every refusal, yet lets
    /// them through within half a minute of space returning.
    public static let storageFull = APIError(
        .serviceUnavailable, code: "storage_full",
        message: "the server's disk is full, so nothing was stored; retry later. Operators: free space on the disk holding the database (see docs/operations.md)",
        headers: [.retryAfter: "30"]
    )

    /// 503 `database_unavailable`: the server cannot reach its PostgreSQL database, so the
    /// request was not carried out; `/readyz` says not ready meanwhile, and the server
    /// reconnects by itself. `Retry-After: 5`: a database restart or fail-over takes seconds.
    public static let databaseUnavailable = APIError(
        .serviceUnavailable, code: "database_unavailable",
        message: "the server cannot reach its database, so nothing was done; retry shortly",
        headers: [.retryAfter: "5"]
    )

    /// 503 for a storage outside the database that failed (an object store, a network
    /// volume): `Retry-After: 10`, since such a storage usually comes back within seconds to
    /// minutes. The message names only the storage: what failed (object URLs, endpoints,
    /// folders) is the operator's to read in the log, which the caller writes, not a client's.
    /// - Parameter storage: The storage as a client knows it, e.g. "the artifact storage".
    static func storageUnavailable(_ storage: String, code: String) -> APIError {
        APIError(
            .serviceUnavailable, code: code,
            message: "\(storage) cannot be used right now, so nothing was done; retry later (the server's log says why)",
            headers: [.retryAfter: "10"])
    }

    /// 500 with a message safe to show; details go to the log, not the client.
    public static func internalError(requestID: String) -> APIError {
        APIError(.internalServerError, code: "internal_error", message: "the server failed to handle this request; see its log for request id \(requestID)")
    }
}
