import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore

/// One request of the access matrix tests and its whole answer, kept to search for token values.
struct AccessAnswer: Sendable {
    /// `METHOD /path` of the documented operation.
    var operation: String
    /// Which credential was sent, for failure messages.
    var credential: String
    var status: HTTPResponse.Status
    var headers: HTTPFields
    /// The body as text.
    var text: String

    /// The body's JSON object, when it is one.
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    /// The headers and the body, everything a client sees.
    var everything: String {
        headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n") + "\n\n" + text
    }

    /// The operations whose answers carry a new token's value, once.
    static let creators: Set<String> = ["POST /api/v1/tokens", "POST /api/v1/agents/tokens", "POST /api/v1/agents/register"]
}

/// A request to send with each credential in turn.
struct AccessRequest: Sendable {
    var method: HTTPRequest.Method
    var uri: String
    var body: String?
    /// Headers besides `Authorization`; JSON bodies get their content type.
    var headers: HTTPFields = [:]

    /// Sends it with `authorization` as the whole `Authorization` header (none when nil).
    func send(
        _ client: some TestClientProtocol, operation: String, authorization: String?, credential: String
    ) async throws -> AccessAnswer {
        var fields = headers
        if let authorization { fields[.authorization] = authorization }
        if body != nil, fields[.contentType] == nil { fields[.contentType] = "application/json" }
        return try await client.execute(uri: uri, method: method, headers: fields, body: body.map { ByteBuffer(string: $0) }) { response in
            AccessAnswer(
                operation: operation, credential: credential, status: response.status, headers: response.headers,
                text: String(decoding: response.body.readableBytesView, as: UTF8.self))
        }
    }
}
