import Foundation
import Logging
import PostgresNIO
import Store

/// Applies `PostgresSchema.migrations` to a database over one connection of its own, with
/// the refusals the SQLite store makes: a database another program filled, or one a newer
/// MobileOps migrated, is left exactly as it was.
///
/// Several servers starting at once against one empty database each try; a transaction-level
/// advisory lock lets one migrate while the others wait and then find nothing to do.
struct PostgresMigrator {
    /// The database.
    let location: PostgresLocation
    /// Where the connection logs.
    let logger: Logger

    /// Arbitrary, fixed: the advisory lock every MobileOps server takes to migrate.
    static let lockKey: Int64 = 0x4D6F_6269_6C65_4F70

    /// Connects, checks, applies what is missing, and disconnects.
    /// - Throws: `StoreError.unreachable`, `.foreignDatabase`, `.newerSchema`, `.database`.
    func migrate() async throws {
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                configuration: try location.connectionConfiguration(), id: 1, logger: logger)
        } catch {
            throw StoreError.unreachable(location: location.redacted, reason: StoreError.postgresReason(error))
        }
        do {
            try await connection.withTransaction(logger: logger) { connection in
                try await connection.run("SELECT pg_advisory_xact_lock(\(Self.lockKey))", logger: logger)
                try await apply(on: connection)
            }
        } catch {
            try? await connection.close()
            throw StoreError(postgres: error)
        }
        try? await connection.close()
    }

    /// Inside the locked transaction: refuse or apply.
    private func apply(on connection: PostgresConnection) async throws {
        let tables = try await connection.values(
            "SELECT table_name::text FROM information_schema.tables WHERE table_schema = current_schema()", as: String.self, logger: logger
        )
        if !tables.isEmpty, !tables.contains("mobile_ops_migration") {
            throw StoreError.foreignDatabase(path: location.redacted)
        }
        try await connection.run(
            "CREATE TABLE IF NOT EXISTS mobile_ops_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
            logger: logger
        )
        let applied = Set(try await connection.values("SELECT name FROM mobile_ops_migration", as: String.self, logger: logger))
        let known = Set(PostgresSchema.migrations.map(\.name))
        let unknown = applied.subtracting(known)
        guard unknown.isEmpty else { throw StoreError.newerSchema(path: location.redacted, unknownMigrations: unknown.sorted()) }
        for migration in PostgresSchema.migrations where !applied.contains(migration.name) {
            for statement in migration.statements {
                try await connection.run(PostgresQuery(unsafeSQL: statement), logger: logger)
            }
            try await connection.run("INSERT INTO mobile_ops_migration (name) VALUES (\(migration.name))", logger: logger)
            logger.info("applied PostgreSQL migration", metadata: ["migration": "\(migration.name)"])
        }
    }
}
