import Foundation
import GRDB
import PostgresNIO
@testable import Store
@testable import StorePostgres
@testable import StoreSQLite

/// Build-metrics fixtures below the protocols: counting stored rows, or changing them, on either backend.
extension FreshStore {
    /// The first column of the first row of `sqlite` (SQLite's names) or `postgres` (PostgreSQL's
    /// snake_case names), as an integer: a count of stored rows.
    func count(sqlite sqliteQuery: String, postgres postgresQuery: String) async throws -> Int {
        if let sqlite {
            return try await sqlite.writer.read { db in try Int.fetchOne(db, sql: sqliteQuery) ?? 0 }
        }
        guard let postgres else { throw StoreError.database("no store") }
        return try await postgres.read { connection in
            Int(try await connection.value(PostgresQuery(unsafeSQL: postgresQuery), as: Int64.self, logger: postgres.logger) ?? 0)
        }
    }

    /// Runs `sqlite` or `postgres`, a change made below the protocols (a state lost, say).
    func execute(sqlite sqliteStatement: String, postgres postgresStatement: String) async throws {
        if let sqlite {
            try await sqlite.writer.write { db in try db.execute(sql: sqliteStatement) }
            return
        }
        guard let postgres else { throw StoreError.database("no store") }
        try await postgres.write { connection in try await connection.run(PostgresQuery(unsafeSQL: postgresStatement), logger: postgres.logger) }
    }

    /// Rows of `table` (given in SQLite's spelling; PostgreSQL's is its snake_case).
    func rows(of table: String) async throws -> Int {
        try await count(sqlite: "SELECT COUNT(*) FROM \(table)", postgres: "SELECT count(*) FROM \(Self.snakeCase(table))")
    }

    /// `metricTestCase` → `metric_test_case`.
    static func snakeCase(_ name: String) -> String {
        name.reduce(into: "") { text, character in
            if character.isUppercase {
                text += "_" + character.lowercased()
            } else {
                text.append(character)
            }
        }
    }
}
