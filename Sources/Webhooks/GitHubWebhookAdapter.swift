import Core

/// Reads GitHub (github.com and Enterprise Server) webhook deliveries.
///
/// Headers: `X-Hub-Signature-256` (`sha256=<hex HMAC-SHA256 of the body>`), `X-GitHub-Event`,
/// `X-GitHub-Delivery` (kept on redelivery). The legacy SHA-1 `X-Hub-Signature` is ignored.
/// Events: `ping`, `push`, `pull_request`; everything else, including `create` and `delete`
/// (short refs, and the matching `push` delivery already covers them), is `other`.
public struct GitHubWebhookAdapter: WebhookProviderAdapter {
    /// Always `.github`.
    public let provider: GitProvider = .github

    /// Creates the adapter; it holds no state.
    public init() {}

    // MARK: Headers

    /// `X-GitHub-Delivery`, a GUID that stays the same when a delivery is redelivered.
    public func deliveryID(_ request: WebhookRequest) -> String? {
        request.header("X-GitHub-Delivery")
    }

    /// `X-GitHub-Event`, e.g. `push`, `pull_request`, `ping`.
    public func eventName(_ request: WebhookRequest) -> String? {
        request.header("X-GitHub-Event")
    }

    // MARK: Before verification

    /// The `repository` object's `full_name` and its clone, ssh and web URLs.
    public func repositoryIdentity(_ request: WebhookRequest) throws(WebhookError) -> RepositoryIdentity {
        // Reading stops after the member: the full parse after verification checks the rest.
        let repository = try JSONValue.parseObject(request.body, onlyMembers: ["repository"], stoppingWhenFound: true)["repository"]
        let identity = RepositoryIdentity(
            fullName: repository["full_name"].nonEmptyString,
            cloneURLs: [repository["clone_url"], repository["ssh_url"], repository["html_url"]].compactMap(\.nonEmptyString)
        )
        // Organisation-level hooks (e.g. an organisation `ping`) name no repository.
        guard !identity.isEmpty else { throw .missingRepository(provider) }
        return identity
    }

    /// Checks `X-Hub-Signature-256` against the HMAC-SHA256 of the exact body bytes.
    public func checkSignature(_ request: WebhookRequest, secret: String) -> SignatureCheck {
        SignatureVerifier.checkHMACSHA256(
            headerName: "X-Hub-Signature-256",
            headerValue: request.header("X-Hub-Signature-256"),
            body: request.body,
            secret: secret
        )
    }

    // MARK: After verification

    /// The delivery's one event.
    public func parseEvents(_ request: WebhookRequest) throws(WebhookError) -> [WebhookEvent] {
        guard let name = eventName(request) else { throw .missingHeader("X-GitHub-Event") }
        // A push reads only its own members: the large `repository`, `organization` and
        // `installation` objects are checked to be JSON but not built (the repository was
        // identified from them before verification).
        let payload = try JSONValue.parseObject(request.body, onlyMembers: name == "push" ? Self.pushMembers : nil)
        switch name {
        case "ping":
            return [.ping]
        case "push":
            return [Self.push(payload).map(WebhookEvent.push) ?? .other(name: name)]
        case "pull_request":
            return [Self.pullRequest(payload).map(WebhookEvent.pullRequest) ?? .other(name: name)]
        default:
            return [.other(name: name)]
        }
    }
}
