import Core

/// Why a webhook delivery could not be read, phrased so the person configuring the hook can fix it.
///
/// Only requests that are not webhooks at all end here: an empty body, a body that is not
/// JSON, a payload that names no repository, or a missing event header. Payload quirks
/// (null fields, unexpected types, unknown events) never throw; they degrade to less detail
/// or to `WebhookEvent.other`.
public enum WebhookError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The request had no body.
    case emptyBody
    /// The body is not a JSON object; the associated text says what the parser saw.
    case malformedJSON(String)
    /// The payload names no repository the server could look up.
    case missingRepository(GitProvider)
    /// A header every delivery of this provider carries is absent (its canonical spelling).
    case missingHeader(String)

    // MARK: Messages

    /// The message for the API's error body.
    public var description: String {
        switch self {
        case .emptyBody:
            "the webhook request has an empty body; send the event payload as JSON (content type application/json)"
        case .malformedJSON(let detail):
            "the webhook body is not a JSON object (\(detail)); set the hook's content type to application/json, not form-encoded"
        case .missingRepository(let provider):
            "the \(provider.rawValue) payload names no repository; configure the webhook on the repository itself, not on an organisation, group or workspace"
        case .missingHeader(let name):
            "the request has no \(name) header; is the webhook pointed at the right provider's endpoint?"
        }
    }

    /// A stable snake_case code for the API's error body.
    public var code: String {
        switch self {
        case .emptyBody: "empty_body"
        case .malformedJSON: "malformed_json"
        case .missingRepository: "missing_repository"
        case .missingHeader: "missing_header"
        }
    }
}
