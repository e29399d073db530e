import Core

/// Reads GitLab (gitlab.com and self-managed) webhook deliveries.
///
/// Headers: `X-Gitlab-Token` (the shared secret in clear), `X-Gitlab-Event`,
/// `Idempotency-Key` (stable across retries; older GitLab sends only `X-Gitlab-Event-UUID`).
/// Events: `Push Hook`, `Tag Push Hook`, `Merge Request Hook`; everything else
/// (`Pipeline Hook`, `Note Hook`, `System Hook`, …) is `other`. GitLab has no ping event:
/// its "Test" button sends a real push payload.
public struct GitLabWebhookAdapter: WebhookProviderAdapter {
    /// Always `.gitlab`.
    public let provider: GitProvider = .gitlab

    /// Creates the adapter; it holds no state.
    public init() {}

    // MARK: Headers

    /// `Idempotency-Key`, falling back to `X-Gitlab-Event-UUID`, which older GitLab versions send instead.
    public func deliveryID(_ request: WebhookRequest) -> String? {
        request.header("Idempotency-Key") ?? request.header("X-Gitlab-Event-UUID")
    }

    /// `X-Gitlab-Event`, e.g. `Push Hook`, `Tag Push Hook`, `Merge Request Hook`.
    public func eventName(_ request: WebhookRequest) -> String? {
        request.header("X-Gitlab-Event")
    }

    // MARK: Before verification

    /// The `project`'s `path_with_namespace` and URLs (for a merge request, the target
    /// project), falling back to the older top-level `repository` object.
    public func repositoryIdentity(_ request: WebhookRequest) throws(WebhookError) -> RepositoryIdentity {
        let payload = try JSONValue.parseObject(request.body, onlyMembers: ["project", "repository", "object_attributes"])
        let project = payload["project"]
        let repository = payload["repository"]
        let urls = [
            project["git_http_url"], project["git_ssh_url"], project["web_url"],
            project["http_url"], project["ssh_url"],
            repository["git_http_url"], repository["git_ssh_url"], repository["homepage"],
        ].compactMap(\.nonEmptyString)
        let identity = RepositoryIdentity(
            fullName: project["path_with_namespace"].nonEmptyString
                ?? payload["object_attributes"]["target"]["path_with_namespace"].nonEmptyString,
            cloneURLs: urls
        )
        guard !identity.isEmpty else { throw .missingRepository(provider) }
        return identity
    }

    /// Compares `X-Gitlab-Token` with the secret in constant time.
    public func checkSignature(_ request: WebhookRequest, secret: String) -> SignatureCheck {
        SignatureVerifier.checkToken(
            headerName: "X-Gitlab-Token",
            headerValue: request.header("X-Gitlab-Token"),
            secret: secret
        )
    }

    // MARK: After verification

    /// The delivery's one event.
    public func parseEvents(_ request: WebhookRequest) throws(WebhookError) -> [WebhookEvent] {
        guard let name = eventName(request) else { throw .missingHeader("X-Gitlab-Event") }
        let payload = try JSONValue.parseObject(request.body)
        switch name {
        case "Push Hook", "Tag Push Hook":
            return [Self.push(payload).map(WebhookEvent.push) ?? .other(name: name)]
        case "Merge Request Hook":
            return [Self.mergeRequest(payload).map(WebhookEvent.pullRequest) ?? .other(name: name)]
        default:
            return [.other(name: name)]
        }
    }
}
