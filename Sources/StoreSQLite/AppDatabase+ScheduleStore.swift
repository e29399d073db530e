import Core
import Foundation
import GRDB
import Store

// MARK: - Scheduled builds

extension AppDatabase: ScheduleStore {
    /// Creates `draft` when `occurrence` is newer than what this schedule has handled.
    ///
    /// The cursor and the build are written in one transaction, so each occurrence yields
    /// exactly one build however many times (or processes) it is checked, and an occurrence
    /// missed while the server was down still runs once when it comes back. A schedule seen
    /// for the first time starts handling from `now` (it does not fire for yesterday).
    public func runScheduleIfDue(
        pipeline: String, repository: String, occurrence: Date?, now: Date, draft: BuildDraft, audit: AuditEvent
    ) async throws(StoreError) -> Build? {
        try await write { db in
            guard let handled = try StoredDate.fetchOne(
                db, sql: "SELECT handledThrough FROM scheduleCursor WHERE pipeline = ? AND repository = ?",
                arguments: [pipeline, repository]
            ) else {
                try db.execute(
                    sql: "INSERT INTO scheduleCursor (pipeline, repository, handledThrough) VALUES (?, ?, ?)",
                    arguments: [pipeline, repository, StoredDate(now)]
                )
                return nil
            }
            guard let occurrence, occurrence > handled.date, occurrence <= now else { return nil }
            let record = try Self.insertBuild(EncodedBuildDraft(draft), deliveryID: nil, now: now, in: db)
            guard let id = record.id else { throw StoreError.database("build insert returned no id") }
            try db.execute(
                sql: "UPDATE scheduleCursor SET handledThrough = ?, lastBuildID = ? WHERE pipeline = ? AND repository = ?",
                arguments: [StoredDate(occurrence), id, pipeline, repository]
            )
            var event = AuditEventRecord(audit)
            event.subject = "build:\(id)"
            try event.insert(db)
            return try fetchBuild(id: id, in: db) ?? record.build()
        }
    }
}
