import Core
import Foundation
import PostgresNIO
import Store

extension PostgresAppDatabase: NotableEventStore {
    /// Records one event on its own transaction.
    public func recordNotableEvent(_ event: NotableEvent) async throws(StoreError) {
        try await write { connection in try await self.recordNotableEvent(event, on: connection) }
    }

    /// The newest events first, at most `limit` (1…500).
    public func notableEvents(limit: Int) async throws(StoreError) -> [NotableEvent] {
        try await read { connection in
            let rows = try await connection.boundedQuery(
                """
                SELECT id, kind, title, summary, url, occurred_at FROM notable_event
                ORDER BY occurred_at DESC, id DESC LIMIT \(Int64(min(max(limit, 1), 500)))
                """, logger: self.logger)
            var events: [NotableEvent] = []
            for try await (id, kind, title, summary, url, occurredAt) in rows.decode((Int64, String, String, String, String?, Date).self) {
                events.append(NotableEvent(id: id, kind: kind, title: title, summary: summary, url: url, occurredAt: occurredAt))
            }
            return events
        }
    }

    /// Records `event` on `connection`, inside the caller's transaction, so it is written
    /// exactly when the change it announces is (a failed build, a regression, a release step).
    func recordNotableEvent(_ event: NotableEvent, on connection: PostgresConnection) async throws {
        try await connection.run(
            """
            INSERT INTO notable_event (kind, title, summary, url, occurred_at)
            VALUES (\(event.kind), \(event.title), \(event.summary), \(event.url), \(PostgresTime.stored(event.occurredAt)))
            """, logger: logger)
    }
}
