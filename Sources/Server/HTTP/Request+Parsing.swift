import Foundation
import Hummingbird
import NIOCore

extension Request {
    /// The body, at most `limit` bytes; past the limit, the contract's 413.
    func collectBody(limit: Int) async throws -> ByteBuffer {
        do {
            return try await body.collect(upTo: limit)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw APIError.payloadTooLarge(limit: limit)
        } catch is NIOTooManyBytesError {
            // A chunked body has no length to check up front; it fails here, while read.
            throw APIError.payloadTooLarge(limit: limit)
        }
    }

    /// The `limit` query parameter of a list (`.limit(maximum:)` in its documentation):
    /// `standard` when absent or not a whole number.
    /// - Throws: 400 `invalid_limit` for a number outside 1...`maximum`.
    func listLimit(standard: Int, maximum: Int) throws -> Int {
        let limit = uri.queryParameters.get("limit").flatMap(Int.init) ?? standard
        guard (1...maximum).contains(limit) else {
            throw APIError.badRequest("limit must be between 1 and \(maximum)", code: "invalid_limit")
        }
        return limit
    }

    /// The token of an `Authorization: Bearer <token>` header; nil when absent or another scheme.
    var bearerToken: String? { headers.bearerToken }

    /// The password of `Authorization: Basic` credentials (``HTTPFields/basicPassword``).
    var basicPassword: String? { headers.basicPassword }
}

extension AppRequestContext {
    /// A numeric path parameter; anything else is a 404 naming `what` ("build", "job", …).
    func numericID(_ name: String = "id", of what: String) throws -> Int64 {
        let raw = try parameters.require(name)
        guard let id = Int64(raw) else { throw APIError.notFound("no \(what) with id \(raw)") }
        return id
    }
}
