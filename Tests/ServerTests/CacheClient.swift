import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore

/// Requests a build-cache client sends, for the cache tests: HTTP Basic with the token as
/// password (as Gradle and ccache do), or a bearer token.
struct CacheClient {
    /// The answer: status, headers and body as text.
    struct Answer: Sendable {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        var text: String
        /// `{"error": {"code": …}}`'s code.
        var errorCode: String? {
            let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
            return (object?["error"] as? [String: Any])?["code"] as? String
        }
    }

    /// `Authorization: Basic base64(user:token)`; `urlSafe` with the `-_` alphabet and no
    /// padding, as Bazel sends the credentials of its `--remote_cache` URL.
    static func basic(_ token: String, user: String = "ci", urlSafe: Bool = false) -> String {
        let encoded = Data("\(user):\(token)".utf8).base64EncodedString()
        guard urlSafe else { return "Basic " + encoded }
        return "Basic " + encoded.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// Sends `method` to `path` with `authorization` (a whole header value) and `body`.
    static func send(
        _ client: some TestClientProtocol, _ method: HTTPRequest.Method, _ path: String, authorization: String?, body: String? = nil,
        headers extra: HTTPFields = [:]
    ) async throws -> Answer {
        var headers = extra
        if let authorization { headers[.authorization] = authorization }
        if body != nil { headers[.contentType] = "application/octet-stream" }
        return try await client.execute(uri: path, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) }) { response in
            Answer(status: response.status, headers: response.headers, text: String(decoding: response.body.readableBytesView, as: UTF8.self))
        }
    }

    /// A new API token of `scope`.
    static func token(_ client: some TestClientProtocol, scope: String) async throws -> String {
        let created = try await client.send(.post, "/api/v1/tokens", json: #"{"name": "cache-\#(scope)-\#(UUID().uuidString.prefix(8))", "scopes": ["\#(scope)"]}"#)
        guard let token = created.body["token"] as? String else { throw CocoaError(.coderInvalidValue) }
        return token
    }
}
