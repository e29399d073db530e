import Foundation
import Hummingbird
import NIOCore

// MARK: - LoopbackRequest

/// One request as a fake received it: what a fake records and answers from.
public struct LoopbackRequest: Sendable {
    /// `GET`, `POST`, …
    public var method: String
    /// The path, percent-encoding intact.
    public var path: String
    /// The raw query string after `?`; empty when there is none.
    public var query: String
    /// Header values by lower-case name (the last of repeated fields).
    public var headers: [String: String]
    /// The body's bytes.
    public var body: [UInt8]

    /// Reads `request` whole, refusing a body over `bodyLimit` bytes.
    init(_ request: Request, bodyLimit: Int) async throws {
        let collected = try await request.body.collect(upTo: bodyLimit)
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        self.method = request.method.rawValue
        self.path = request.uri.path
        self.query = request.uri.query ?? ""
        self.headers = headers
        self.body = Array(buffer: collected)
    }

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object, or nil when it is not one.
    public var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] }
}

// MARK: - LoopbackResponse

/// A fake's answer: a status, a body (JSON unless a `content-type` header says otherwise) and
/// extra header fields.
public struct LoopbackResponse: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// The body's text.
    public var body: String
    /// Extra header fields by name.
    public var headers: [String: String]

    /// An answer of `status` with `body` and `headers`.
    public init(status: Int, body: String, headers: [String: String] = [:]) {
        self.status = status
        self.body = body
        self.headers = headers
    }

    /// As Hummingbird sends it.
    var response: Response {
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        for (name, value) in headers {
            if let fieldName = HTTPFields.Element.Name(name) { fields[fieldName] = value }
        }
        return Response(status: .init(code: status), headers: fields, body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}
