import Foundation
import HTTPTypes

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
