import Core
import Foundation
import PostgresNIO
import Store

// MARK: - Trains and the cadence cursor

extension PostgresAppDatabase: ReleaseStore {
    /// Inserts or replaces the train named `name` (case-insensitively), with its audit event.
    public func saveTrain(name: String, definition: String, source: String, audit: AuditEvent) async throws(StoreError) -> StoredTrain {
        let now = PostgresTime.stored(audit.occurredAt)
        return try await write { connection in
            let rows = try await connection.boundedQuery(
                """
                INSERT INTO train (name, definition, source, created_at, updated_at) VALUES (\(name), \(definition), \(source), \(now), \(now))
                ON CONFLICT (lower(name)) DO UPDATE SET definition = excluded.definition, source = excluded.source, updated_at = excluded.updated_at
                RETURNING \(unescaped: Self.trainColumns)
                """, logger: self.logger)
            guard let train = try await Self.trains(from: rows).first else { throw StoreError.database("train \(name) could not be read back") }
            var event = audit
            event.subject = "train:\(train.id)"
            try await self.insertAudit(event, on: connection)
            return train
        }
    }

    /// Every train, by name.
    public func trains() async throws(StoreError) -> [StoredTrain] {
        try await read { connection in
            try await Self.trains(from: connection.boundedQuery("SELECT \(unescaped: Self.trainColumns) FROM train ORDER BY name", logger: self.logger))
        }
    }

    /// One train by id, or nil.
    public func train(id: Int64) async throws(StoreError) -> StoredTrain? {
        try await read { connection in
            try await Self.trains(from: connection.boundedQuery("SELECT \(unescaped: Self.trainColumns) FROM train WHERE id = \(id)", logger: self.logger)).first
        }
    }

    /// One train by name (case-insensitive), or nil.
    public func train(named name: String) async throws(StoreError) -> StoredTrain? {
        try await read { connection in
            try await Self.trains(from: connection.boundedQuery(
                "SELECT \(unescaped: Self.trainColumns) FROM train WHERE lower(name) = lower(\(name))", logger: self.logger)).first
        }
    }

    /// The cursor, created at `now` on first sight.
    public func cadenceHandledThrough(trainID: Int64, now: Date) async throws(StoreError) -> Date {
        try await write { connection in
            try await connection.run(
                "INSERT INTO train_cursor (train_id, handled_through) VALUES (\(trainID), \(PostgresTime.stored(now))) ON CONFLICT DO NOTHING",
                logger: self.logger)
            return try await connection.value("SELECT handled_through FROM train_cursor WHERE train_id = \(trainID)", as: Date.self, logger: self.logger)
                ?? PostgresTime.stored(now)
        }
    }

    /// Creates the release of a cadence occurrence at most once: the cursor row is locked, so
    /// two servers checking at once take turns and the second finds it handled.
    public func startScheduledRelease(_ release: NewRelease, occurrence: Date, now: Date) async throws(StoreError) -> StoredRelease? {
        try await write { connection in
            try await connection.run(
                "INSERT INTO train_cursor (train_id, handled_through) VALUES (\(release.trainID), \(PostgresTime.stored(now))) ON CONFLICT DO NOTHING",
                logger: self.logger)
            let handled = try await connection.value(
                "SELECT handled_through FROM train_cursor WHERE train_id = \(release.trainID) FOR UPDATE", as: Date.self, logger: self.logger)
            if let handled, PostgresTime.stored(occurrence) <= handled { return nil }
            guard occurrence <= now else { return nil }
            let stored = try await self.insertRelease(release, on: connection)
            try await connection.run(
                """
                UPDATE train_cursor SET handled_through = \(PostgresTime.stored(occurrence)), last_release_id = \(stored.id)
                WHERE train_id = \(release.trainID)
                """, logger: self.logger)
            return stored
        }
    }

    // MARK: Rows

    private static let trainColumns = "id, name, definition, source, created_at, updated_at"

    private static func trains(from rows: PostgresRowSequence) async throws -> [StoredTrain] {
        var trains: [StoredTrain] = []
        for try await (id, name, definition, source, createdAt, updatedAt) in rows.decode((Int64, String, String, String, Date, Date).self) {
            trains.append(StoredTrain(id: id, name: name, definition: definition, source: source, createdAt: createdAt, updatedAt: updatedAt))
        }
        return trains
    }
}
