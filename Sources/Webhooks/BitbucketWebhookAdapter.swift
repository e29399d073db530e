import Core
import Foundation

/// Reads Bitbucket Cloud webhook deliveries.
///
/// Headers: `X-Hub-Signature` (`sha256=<hex HMAC-SHA256 of the body>`), `X-Event-Key`,
/// `X-Request-UUID`. Events: `repo:push`, `pullrequest:created`, `pullrequest:updated`,
/// `pullrequest:fulfilled`, `pullrequest:rejected`, and `diagnostics:ping` (sent by
/// Bitbucket Data Center's "Test connection"); everything else is `other`.
public struct BitbucketWebhookAdapter: WebhookProviderAdapter {
    /// Always `.bitbucket`.
    public let provider: GitProvider = .bitbucket

    /// Creates the adapter; it holds no state.
    public init() {}

    // MARK: Headers

    /// `X-Request-UUID`, unique per delivery.
    public func deliveryID(_ request: WebhookRequest) -> String? {
        request.header("X-Request-UUID")
    }

    /// `X-Event-Key`, e.g. `repo:push`, `pullrequest:created`.
    public func eventName(_ request: WebhookRequest) -> String? {
        request.header("X-Event-Key")
    }

    // MARK: Before verification

    /// The `repository`'s `full_name`, its web page, and the https and ssh clone URLs derived
    /// from it (Bitbucket payloads carry no clone URL).
    public func repositoryIdentity(_ request: WebhookRequest) throws(WebhookError) -> RepositoryIdentity {
        // Reading stops after the member: the full parse after verification checks the rest.
        let repository = try JSONValue.parseObject(request.body, onlyMembers: ["repository"], stoppingWhenFound: true)["repository"]
        let fullName = repository["full_name"].nonEmptyString
        let webURL = repository["links"]["html"]["href"].nonEmptyString
        var urls = [String]()
        if let webURL {
            urls.append(webURL)
            urls.append(webURL + ".git")
            if let host = URLComponents(string: webURL)?.host, let fullName {
                urls.append("git@\(host):\(fullName).git")
            }
        }
        let identity = RepositoryIdentity(fullName: fullName, cloneURLs: urls)
        guard !identity.isEmpty else { throw .missingRepository(provider) }
        return identity
    }

    /// Checks `X-Hub-Signature` against the HMAC-SHA256 of the exact body bytes.
    public func checkSignature(_ request: WebhookRequest, secret: String) -> SignatureCheck {
        SignatureVerifier.checkHMACSHA256(
            headerName: "X-Hub-Signature",
            headerValue: request.header("X-Hub-Signature"),
            body: request.body,
            secret: secret
        )
    }

    // MARK: After verification

    /// One push event per changed ref for `repo:push`; one event for everything else.
    public func parseEvents(_ request: WebhookRequest) throws(WebhookError) -> [WebhookEvent] {
        guard let name = eventName(request) else { throw .missingHeader("X-Event-Key") }
        let payload = try JSONValue.parseObject(request.body)
        switch name {
        case "diagnostics:ping":
            return [.ping]
        case "repo:push":
            let pushes = Self.pushes(payload).map(WebhookEvent.push)
            return pushes.isEmpty ? [.other(name: name)] : pushes
        case "pullrequest:created", "pullrequest:updated", "pullrequest:fulfilled", "pullrequest:rejected":
            return [Self.pullRequest(payload, eventKey: name).map(WebhookEvent.pullRequest) ?? .other(name: name)]
        default:
            return [.other(name: name)]
        }
    }
}
