/// How a webhook delivery was answered, the `outcome` label of the deliveries counter.
public enum WebhookOutcome: String, Sendable {
    /// A new delivery, stored (and building, if it triggers builds).
    case accepted
    /// A first-time `ping` (answered 200 like a duplicate, but not one).
    case ping
    /// A redelivery of one already stored, answered with the earlier answer.
    case duplicate
    /// Refused for the sender's fault (4xx).
    case rejected
    /// Failed on the server's side (5xx).
    case failed

    /// The outcome of a delivery answered with an error status.
    public init(errorStatus status: Int) {
        self = (400..<500).contains(status) ? .rejected : .failed
    }
}
