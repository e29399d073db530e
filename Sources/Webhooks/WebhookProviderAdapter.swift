import Core

/// Reads one provider's webhook deliveries. One adapter per `GitProvider`, all stateless.
///
/// The server calls these in order, and must not skip a step:
/// 1. `repositoryIdentity(_:)`: the only part of the payload read before verification,
///    to look up the repository and its secret (404 when unknown).
/// 2. `checkSignature(_:secret:)`: 401 unless `.valid`.
/// 3. `deliveryID(_:)`: deduplication key; a repeated id answers the first answer again.
/// 4. `parseEvents(_:)` / `parseEvent(_:)`: the event(s), then `buildTrigger` on each.
public protocol WebhookProviderAdapter: Sendable {
    /// The provider whose deliveries this adapter reads.
    var provider: GitProvider { get }

    /// The provider's id for this delivery, stable across redeliveries; nil when absent.
    func deliveryID(_ request: WebhookRequest) -> String?

    /// The provider's event name from its header, e.g. `push`, `Merge Request Hook`, `repo:push`.
    func eventName(_ request: WebhookRequest) -> String?

    /// The repository the payload is about. Parses the body but reads nothing else from it.
    func repositoryIdentity(_ request: WebhookRequest) throws(WebhookError) -> RepositoryIdentity

    /// Checks the delivery's signature or token against the repository's secret, in constant time.
    func checkSignature(_ request: WebhookRequest, secret: String) -> SignatureCheck

    /// Every event in a verified delivery, never empty.
    ///
    /// One event for GitHub and GitLab, which send one delivery per ref. A Bitbucket push
    /// may change several refs at once and yields one push event per change, in payload order.
    func parseEvents(_ request: WebhookRequest) throws(WebhookError) -> [WebhookEvent]
}

// MARK: - Conveniences

extension WebhookProviderAdapter {
    /// Whether the delivery's signature is valid for `secret`.
    public func verify(_ request: WebhookRequest, secret: String) -> Bool {
        checkSignature(request, secret: secret).isValid
    }

    /// The delivery's main event: the first event that triggers a build, else the first event.
    ///
    /// Exactly `parseEvents(_:)` for GitHub and GitLab. For a Bitbucket push that changed
    /// several refs this picks one; servers that build every pushed branch use `parseEvents`.
    public func parseEvent(_ request: WebhookRequest) throws(WebhookError) -> WebhookEvent {
        let events = try parseEvents(request)
        return events.first { $0.buildTrigger != nil } ?? events.first ?? .other(name: eventName(request) ?? "")
    }

    /// Build triggers for every event of a verified delivery, in payload order.
    public func buildTriggers(_ request: WebhookRequest) throws(WebhookError) -> [BuildTrigger] {
        try parseEvents(request).compactMap(\.buildTrigger)
    }
}
