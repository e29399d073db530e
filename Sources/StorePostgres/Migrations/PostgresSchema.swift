import Foundation
import Store

/// The PostgreSQL schema, as numbered migrations applied in order at start and recorded in
/// `mobile_ops_migration`.
///
/// Once a migration has shipped it is never edited: a later change is a new migration appended
/// at the end, so every existing database can follow. The first migration is the whole of the
/// SQLite schema as it stands (its fifteen migrations folded into one), in PostgreSQL's own
/// types: `bigint` identities, `timestamptz`, `bytea` for raw bodies, logs and histograms, and
/// snake_case names. JSON documents the server hands back byte for byte (a delivery's stored
/// answer, a job's plan) stay `text`; none is queried inside.
enum PostgresSchema {
    /// One migration: a name sorted by its number, and the statements it runs in one transaction.
    struct Migration: Sendable {
        /// `NNNN-what`, unique.
        var name: String
        /// The statements, each ending with `;` at the end of a line.
        var sql: String

        /// The statements one by one: the extended protocol runs one per query.
        var statements: [String] {
            sql.components(separatedBy: ";\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        }
    }

    /// Every migration, oldest first.
    static let migrations: [Migration] = [migration0001, migration0002, migration0003, migration0004, migration0005, migration0006, migration0007, migration0008, migration0009]
}
