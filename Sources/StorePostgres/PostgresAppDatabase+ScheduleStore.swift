import Core
import Foundation
import PostgresNIO
import Store

extension PostgresAppDatabase: ScheduleStore {
    /// Creates `draft` when `occurrence` is newer than what this schedule has handled.
    ///
    /// The cursor (locked) and the build are written in one transaction, so each occurrence
    /// yields exactly one build however many servers check it, and an occurrence missed while
    /// every server was down still runs once. A schedule seen for the first time starts
    /// handling from `now` (it does not fire for yesterday).
    public func runScheduleIfDue(
        pipeline: String, repository: String, occurrence: Date?, now: Date, draft: BuildDraft, audit: AuditEvent
    ) async throws(StoreError) -> Build? {
        let encoded = try EncodedBuildDraft(draft)
        return try await write { connection in
            try await connection.run(
                """
                INSERT INTO schedule_cursor (pipeline, repository, handled_through) VALUES (\(pipeline), \(repository), \(PostgresTime.stored(now)))
                ON CONFLICT DO NOTHING
                """, logger: self.logger)
            let handled = try await connection.value(
                "SELECT handled_through FROM schedule_cursor WHERE pipeline = \(pipeline) AND repository = \(repository) FOR UPDATE",
                as: Date.self, logger: self.logger)
            guard let handled, let occurrence, PostgresTime.stored(occurrence) > handled, occurrence <= now else { return nil }
            let id = try await self.insertBuild(encoded, now: now, on: connection)
            try await connection.run(
                """
                UPDATE schedule_cursor SET handled_through = \(PostgresTime.stored(occurrence)), last_build_id = \(id)
                WHERE pipeline = \(pipeline) AND repository = \(repository)
                """, logger: self.logger)
            var event = audit
            event.subject = "build:\(id)"
            try await self.insertAudit(event, on: connection)
            return try await self.build(id: id, on: connection)
        }
    }
}
