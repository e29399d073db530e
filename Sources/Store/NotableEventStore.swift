import Core

/// The events `GET /feed.json` publishes: failed default-branch builds, regressions,
/// release-train steps. Other modules add theirs in the same transaction as the change.
public protocol NotableEventStore: Sendable {
    /// Records one event on its own transaction.
    func recordNotableEvent(_ event: NotableEvent) async throws(StoreError)
    /// The newest events first, at most `limit` (1…500).
    func notableEvents(limit: Int) async throws(StoreError) -> [NotableEvent]
}
