import Foundation
import GRDB
import PostgresNIO
@testable import Store
@testable import StorePostgres
@testable import StoreSQLite

/// Outbox fixtures below the protocol: a message as some change would have written it, and
/// each message's settlement as stored.
extension FreshStore {
    /// Adds a message due at `date`; returns its id.
    @discardableResult
    func enqueueOutbox(_ kind: String, payload: String = "{}", at date: Date) async throws -> Int64 {
        if let sqlite {
            return try await sqlite.writer.write { db in
                var record = OutboxRecord(kind: kind, payload: payload, at: date)
                try record.insert(db)
                return record.id ?? -1
            }
        }
        guard let postgres else { throw StoreError.database("no store") }
        return try await postgres.write { connection in try await postgres.enqueueOutbox(kind: kind, payload: payload, at: date, on: connection) }
    }

    /// Every message's attempts, note (`-` for none) and whether it was delivered, by id.
    func outboxSettlements() async throws -> [(attempts: Int, note: String, done: Bool)] {
        if let sqlite {
            return try await sqlite.writer.read { db in
                try Row.fetchAll(db, sql: "SELECT attempts, COALESCE(lastError, '-') AS note, deliveredAt IS NOT NULL AS done FROM outbox ORDER BY id")
                    .map { (attempts: $0["attempts"] as Int, note: $0["note"] as String, done: $0["done"] as Bool) }
            }
        }
        guard let postgres else { throw StoreError.database("no store") }
        return try await postgres.read { connection in
            let rows = try await connection.query(
                "SELECT attempts, COALESCE(last_error, '-'), delivered_at IS NOT NULL FROM outbox ORDER BY id", logger: postgres.logger)
            var settlements: [(attempts: Int, note: String, done: Bool)] = []
            for try await (attempts, note, done) in rows.decode((Int32, String, Bool).self) {
                settlements.append((Int(attempts), note, done))
            }
            return settlements
        }
    }
}

extension FreshStore {
    /// The `source` of every build-metrics row, by id.
    func metricBuildSources() async throws -> [String] {
        if let sqlite {
            return try await sqlite.writer.read { db in try String.fetchAll(db, sql: "SELECT source FROM metricBuild ORDER BY id") }
        }
        guard let postgres else { throw StoreError.database("no store") }
        return try await postgres.read { connection in
            try await connection.values("SELECT source FROM metric_build ORDER BY id", as: String.self, logger: postgres.logger)
        }
    }
}
