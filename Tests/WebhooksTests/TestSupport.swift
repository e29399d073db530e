import Core
import Webhooks

/// Building requests the way each provider sends them.
enum TestSupport {
    // MARK: Secrets

    /// The secret every fixture repository is configured with.
    static let secret = "s3cr3t-with-enough-length"

    // MARK: Requests

    /// The event header name for `provider`.
    static func eventHeader(_ provider: GitProvider) -> String {
        switch provider {
        case .github: "X-GitHub-Event"
        case .gitlab: "X-Gitlab-Event"
        case .bitbucket: "X-Event-Key"
        }
    }

    /// A delivery of `event` carrying `body` exactly, signed with `secret` unless it is nil.
    static func request(
        _ provider: GitProvider,
        event: String?,
        body: String,
        secret: String? = TestSupport.secret,
        extraHeaders: [String: String] = [:]
    ) -> WebhookRequest {
        let bytes = Array(body.utf8)
        var headers = ["Content-Type": "application/json", "User-Agent": "Test-Hookshot/1.0"]
        if let event {
            headers[eventHeader(provider)] = event
        }
        if let secret {
            let signature = WebhookSigner.signatureHeader(for: provider, body: bytes, secret: secret)
            headers[signature.name] = signature.value
        }
        headers.merge(extraHeaders) { _, new in new }
        return WebhookRequest(headers: headers, body: bytes)
    }

    /// Parses a signed delivery's events.
    static func events(_ provider: GitProvider, event: String, body: String) throws -> [WebhookEvent] {
        let adapter = WebhookProviders.adapter(for: provider)
        return try adapter.parseEvents(request(provider, event: event, body: body))
    }

    /// Parses a delivery's main event.
    static func event(_ provider: GitProvider, event: String, body: String) throws -> WebhookEvent {
        let adapter = WebhookProviders.adapter(for: provider)
        return try adapter.parseEvent(request(provider, event: event, body: body))
    }
}
