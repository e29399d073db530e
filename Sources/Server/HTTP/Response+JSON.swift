import Core
import Foundation
import Hummingbird

extension Response {
    /// A JSON response with ISO 8601 dates, the encoding every endpoint uses.
    static func json<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok) throws -> Response {
        json(encoded: try encodeJSON(value), status: status)
    }

    /// A JSON response from bytes already encoded.
    static func json(encoded body: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: body))
    }

    /// Encodes a value the way every endpoint does: sorted keys, ISO 8601 dates.
    static func encodeJSON<T: Encodable>(_ value: T) throws -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .utcISO8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return ByteBuffer(bytes: try encoder.encode(value))
    }

    /// A text response, e.g. Graphviz DOT.
    static func text(_ text: String, contentType: String = "text/plain; charset=utf-8") -> Response {
        Response(status: .ok, headers: [.contentType: contentType], body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
