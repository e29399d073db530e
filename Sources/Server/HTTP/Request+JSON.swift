import Core
import Foundation
import Hummingbird

extension Request {
    /// Reads the body (at most `limit` bytes) and decodes it as JSON.
    ///
    /// Errors come out as `APIError`: 413 past the limit, 400 for anything that is not the
    /// JSON the endpoint expects, naming the field at fault, or text no stored value may hold
    /// (a NUL anywhere, a control character in a name: `JSONBodyText`).
    ///
    /// A body over ``poolDecodingLimit`` is decoded on a thread of its own: decoding tens of
    /// MiB takes seconds, and the cooperative pool's few threads serve every other request.
    func decodeJSON<T: Decodable & Sendable>(_ type: T.Type, limit: Int) async throws -> T {
        let buffer = try await collectBody(limit: limit)
        guard buffer.readableBytes > 0 else {
            throw APIError.badRequest("the request body is empty; send a JSON object", code: "invalid_json")
        }
        guard buffer.readableBytes > Self.poolDecodingLimit else { return try Self.decodeJSON(T.self, from: buffer) }
        return try await DedicatedThread.run { Result { try Self.decodeJSON(T.self, from: buffer) } }.get()
    }

    /// The largest body decoded on the calling task (a few milliseconds' work).
    static let poolDecodingLimit = 1 << 20

    /// Decodes a body already read; the errors of ``decodeJSON(_:limit:)``.
    static func decodeJSON<T: Decodable>(_ type: T.Type, from buffer: ByteBuffer) throws -> T {
        let data = Data(buffer.readableBytesView)
        let value: T
        do {
            value = try JSONDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            throw APIError.badRequest(Self.describe(error), code: "invalid_json")
        }
        try data.withUnsafeBytes { bytes in try JSONBodyText.check(bytes) }
        return value
    }

    /// One readable sentence for a decoding failure.
    private static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case let .keyNotFound(key, context):
            let parent = path(context.codingPath)
            return "missing field '\(parent.isEmpty ? key.stringValue : parent + "." + key.stringValue)'"
        case let .typeMismatch(type, context):
            return "field '\(path(context.codingPath))' must be \(Self.jsonName(of: type))"
        case let .valueNotFound(type, context):
            return "field '\(path(context.codingPath))' must be \(Self.jsonName(of: type)), not null"
        case let .dataCorrupted(context):
            return context.codingPath.isEmpty
                ? "the request body is not valid JSON"
                : "field '\(path(context.codingPath))' is invalid: \(context.debugDescription)"
        @unknown default:
            return "the request body is not valid JSON"
        }
    }

    private static func jsonName(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        default: "a \(type)"
        }
    }
}

extension APIError {
    /// 413 for a body over the configured limit.
    static func payloadTooLarge(limit: Int) -> APIError {
        APIError(.contentTooLarge, code: "payload_too_large", message: "the request body is larger than the server's limit of \(limit) bytes")
    }
}
