import Store

// MARK: - OutboxHandler

/// Delivers outbox messages of one `kind` (commit statuses today; chat messages and outgoing
/// webhooks later), so ``OutboxDeliveryService`` can route each message to its handler.
///
/// A handler never throws: it classifies every problem into an ``OutboxDeliveryOutcome``,
/// because only it knows whether, say, an HTTP 422 from its API is worth retrying.
public protocol OutboxHandler: Sendable {
    /// Attempts one delivery of `message` and says how it went.
    ///
    /// Called with messages of the kind the handler is registered for; a payload it cannot
    /// decode must come back as ``OutboxDeliveryOutcome/permanentFailure(_:)``, never a crash.
    func deliver(_ message: OutboxMessage) async -> OutboxDeliveryOutcome
}

// MARK: - OutboxDeliveryOutcome

/// What became of one delivery attempt; the service turns it into a store update.
public enum OutboxDeliveryOutcome: Sendable, Equatable, CustomStringConvertible {
    /// The receiver accepted the message.
    case delivered
    /// Nothing was sent on purpose (e.g. no token configured, or a newer status superseded
    /// this one); the message counts as delivered and the reason is kept as its `lastError`.
    case skipped(String)
    /// A failure that may go away (5xx, 408, 429, network trouble); try again later, no
    /// sooner than `retryAfter` when the receiver said so.
    case retry(String, retryAfter: Duration?)
    /// A failure that retrying cannot fix (4xx, bad payload); the message is dead at once.
    case permanentFailure(String)
    /// The attempt was abandoned because the service is stopping; the message is given back
    /// without counting an attempt.
    case interrupted

    /// One line for logs.
    public var description: String {
        switch self {
        case .delivered: "delivered"
        case .skipped(let reason): "skipped: \(reason)"
        case .retry(let error, let retryAfter):
            retryAfter.map { "retryable failure: \(error) (retry after \($0))" } ?? "retryable failure: \(error)"
        case .permanentFailure(let error): "permanent failure: \(error)"
        case .interrupted: "interrupted"
        }
    }
}
