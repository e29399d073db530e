import Core
import Foundation
import GRDB
import Store

// MARK: - Release train schema and trains

// MARK: - Trains

extension AppDatabase: ReleaseStore {
    /// Inserts or replaces the train named `name`, with its audit event.
    public func saveTrain(name: String, definition: String, source: String, audit: AuditEvent) async throws(StoreError) -> StoredTrain {
        try await write { db in
            let now = audit.occurredAt
            if let existing = try Row.fetchOne(db, sql: "SELECT id FROM train WHERE name = ?", arguments: [name]) {
                let id: Int64 = existing["id"]
                try db.execute(
                    sql: "UPDATE train SET definition = ?, source = ?, updatedAt = ? WHERE id = ?",
                    arguments: [definition, source, StoredDate(now), id]
                )
            } else {
                try db.execute(
                    sql: "INSERT INTO train (name, definition, source, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?)",
                    arguments: [name, definition, source, StoredDate(now), StoredDate(now)]
                )
            }
            guard let train = try Self.fetchTrain(sql: "name = ?", [name], in: db) else {
                throw StoreError.database("train \(name) could not be read back")
            }
            var event = AuditEventRecord(audit)
            event.subject = "train:\(train.id)"
            try event.insert(db)
            return train
        }
    }

    /// Every train, by name.
    public func trains() async throws(StoreError) -> [StoredTrain] {
        try await read { db in try Row.fetchAll(db, sql: "SELECT * FROM train ORDER BY name").map(Self.train(from:)) }
    }

    /// One train by id.
    public func train(id: Int64) async throws(StoreError) -> StoredTrain? {
        try await read { db in try Self.fetchTrain(sql: "id = ?", [id], in: db) }
    }

    /// One train by name, case-insensitively.
    public func train(named name: String) async throws(StoreError) -> StoredTrain? {
        try await read { db in try Self.fetchTrain(sql: "name = ?", [name], in: db) }
    }

    // MARK: Cadence cursor

    /// The cursor, created at `now` on first sight.
    public func cadenceHandledThrough(trainID: Int64, now: Date) async throws(StoreError) -> Date {
        try await write { db in
            if let handled = try StoredDate.fetchOne(db, sql: "SELECT handledThrough FROM trainCursor WHERE trainID = ?", arguments: [trainID]) {
                return handled.date
            }
            try db.execute(sql: "INSERT INTO trainCursor (trainID, handledThrough) VALUES (?, ?)", arguments: [trainID, StoredDate(now)])
            return now
        }
    }

    /// Creates the release of a cadence occurrence at most once (see the protocol).
    public func startScheduledRelease(_ release: NewRelease, occurrence: Date, now: Date) async throws(StoreError) -> StoredRelease? {
        try await write { db in
            let handled = try StoredDate.fetchOne(
                db, sql: "SELECT handledThrough FROM trainCursor WHERE trainID = ?", arguments: [release.trainID]
            )?.date
            if let handled, occurrence <= handled { return nil }
            guard occurrence <= now else { return nil }
            let stored = try Self.insertRelease(release, in: db)
            try db.execute(
                sql: """
                    INSERT INTO trainCursor (trainID, handledThrough, lastReleaseID) VALUES (?, ?, ?)
                    ON CONFLICT(trainID) DO UPDATE SET handledThrough = excluded.handledThrough, lastReleaseID = excluded.lastReleaseID
                    """,
                arguments: [release.trainID, StoredDate(occurrence), stored.id]
            )
            return stored
        }
    }

    // MARK: Rows

    static func fetchTrain(sql condition: String, _ arguments: StatementArguments, in db: Database) throws -> StoredTrain? {
        try Row.fetchOne(db, sql: "SELECT * FROM train WHERE \(condition)", arguments: arguments).map(train(from:))
    }

    static func train(from row: Row) -> StoredTrain {
        StoredTrain(
            id: row["id"], name: row["name"], definition: row["definition"], source: row["source"],
            createdAt: row[date: "createdAt"], updatedAt: row[date: "updatedAt"]
        )
    }
}
