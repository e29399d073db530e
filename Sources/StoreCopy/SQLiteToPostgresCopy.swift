import Foundation
import GRDB
import Logging
import PostgresNIO
import Store
import StorePostgres
import StoreSQLite

/// Moves a team's data from an SQLite database file to an empty PostgreSQL database
/// (`mobile-ops-server migrate-data`): every table, row for row, ids kept.
///
/// The whole copy is one PostgreSQL transaction: it checks that the target is empty, copies,
/// moves the identity sequences past the copied ids, compares each table's row count with the
/// source, and commits only if all of that held. A copy that fails leaves the target as empty
/// as it found it, so it can simply be run again. The SQLite file is opened with the same lock
/// the server takes, so the copy refuses to run while a server uses it.
public struct SQLiteToPostgresCopy: Sendable {
    /// One table copied.
    public struct TableCount: Sendable, Equatable {
        /// The PostgreSQL table.
        public var table: String
        /// Rows copied (equal to the source's).
        public var rows: Int
    }

    /// The SQLite file.
    public let source: String
    /// The PostgreSQL database URL.
    public let target: String
    /// Where progress is logged.
    public let logger: Logger

    /// Describes a copy.
    public init(from source: String, to target: String, logger: Logger) {
        self.source = source
        self.target = target
        self.logger = logger
    }

    /// Copies everything and answers the row count of every table.
    /// - Throws: `StoreError.notFound` when the file does not exist; `.conflict` when the
    ///   target holds data; `.database` when a table or column has no counterpart or a count
    ///   differs; whatever opening either database throws.
    public func run() async throws -> [TableCount] {
        guard FileManager.default.fileExists(atPath: source) else {
            throw StoreError.notFound("\(source) does not exist; --from names the SQLite file the server used (its --database)")
        }
        let sqlite = try Self.openSource(source)
        defer { try? sqlite.writer.close() }
        let postgres = try await PostgresAppDatabase.open(url: target, logger: logger)
        do {
            let counts = try await postgres.write { connection in
                try await self.copy(from: sqlite.writer, to: connection, logger: postgres.logger)
            }
            await postgres.close()
            return counts
        } catch {
            await postgres.close()
            throw error
        }
    }

    /// Opens the source file, saying what to do in this command's terms: the store's own
    /// messages name the server's `--database`, which `migrate-data` does not take.
    private static func openSource(_ source: String) throws -> AppDatabase {
        do throws(StoreError) {
            return try AppDatabase.open(path: source)
        } catch .databaseInUse {
            throw StoreError.conflict(
                "\(source) is in use by a running MobileOps server (it holds \(source).lock); stop that server first: "
                    + "--from must name a file no server writes to, so that the copy is whole")
        } catch .notADatabase {
            throw StoreError.conflict("--from \(source) is not an SQLite database; name the file the server used (its --database)")
        }
    }

    /// Inside the target's transaction: refuse a non-empty target, copy each table in an order
    /// that satisfies the foreign keys, derive the claim table, fix the sequences, verify.
    private func copy(from sqlite: any DatabaseWriter, to connection: PostgresConnection, logger: Logger) async throws -> [TableCount] {
        let plan = try await CopyPlan.make(sqlite: sqlite, connection: connection, logger: logger)
        for table in plan.tables {
            let rows = try await connection.value(PostgresQuery(unsafeSQL: "SELECT count(*) FROM \(table.target)"), as: Int64.self, logger: logger) ?? 0
            guard rows == 0 else {
                throw StoreError.conflict("the target database is not empty (\(table.target) has \(rows) rows); migrate-data copies into an empty database only")
            }
        }
        var counts: [TableCount] = []
        for table in plan.tables {
            let copied = try await table.copyRows(from: sqlite, to: connection, logger: logger)
            counts.append(TableCount(table: table.target, rows: copied))
            logger.info("copied table", metadata: ["table": "\(table.target)", "rows": "\(copied)"])
        }
        // Jobs an agent may claim, kept apart on PostgreSQL: derived, not copied.
        try await connection.run(
            """
            INSERT INTO runnable_job (job_id, requirements_key, priority, concurrency_group)
            SELECT id, requirements_key, priority, concurrency_group FROM job WHERE state = 'pending' AND NOT waiting_for_steps
            """, logger: logger)
        for table in plan.tables where table.hasIdentity {
            try await connection.run(PostgresQuery(unsafeSQL: """
                SELECT setval(pg_get_serial_sequence('\(table.target)', 'id'), COALESCE(max(id), 0) + 1, false) FROM \(table.target)
                """), logger: logger)
        }
        for count in counts {
            let stored = try await connection.value(PostgresQuery(unsafeSQL: "SELECT count(*) FROM \(count.table)"), as: Int64.self, logger: logger) ?? -1
            guard stored == Int64(count.rows) else {
                throw StoreError.database("\(count.table): \(count.rows) rows read from SQLite but \(stored) stored; nothing was committed")
            }
        }
        return counts
    }
}
