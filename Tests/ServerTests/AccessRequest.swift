import HTTPTypes
import HummingbirdTesting
import NIOCore

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
