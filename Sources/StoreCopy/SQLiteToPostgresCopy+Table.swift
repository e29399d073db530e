import Foundation
import GRDB
import Logging
import NIOCore
import PostgresNIO
import Store
import StorePostgres
import StoreSQLite

/// One table's copy: its columns paired up, read from SQLite in primary-key order a batch at a
/// time (keyset pages, so a table of millions of rows costs no more per row than a small one)
/// and written with multi-row inserts.
struct TableCopy {
    /// One column: its SQLite name, its PostgreSQL name and type.
    struct Column {
        var source: String
        var target: String
        /// `information_schema.columns.data_type`.
        var type: String
    }

    var source: String
    var target: String
    var columns: [Column]
    /// The SQLite primary key's columns, the order pages are read in.
    var key: [String]
    /// Whether the target has an `id` identity whose sequence must move past the copied ids.
    var hasIdentity: Bool

    /// Pairs the columns of `source` and `target`.
    static func make(source: String, target: String, sqlite: any DatabaseWriter, connection: PostgresConnection, logger: Logger) async throws -> TableCopy {
        let sourceColumns = try await sqlite.read { db in
            try Row.fetchAll(db, sql: "SELECT name, pk FROM pragma_table_info(?) ORDER BY cid", arguments: [source])
                .map { (name: $0["name"] as String, pk: $0["pk"] as Int) }
        }
        let rows = try await connection.query(PostgresQuery(unsafeSQL: """
            SELECT column_name::text, data_type::text, is_identity::text FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = '\(target)' ORDER BY ordinal_position
            """), logger: logger)
        var targetColumns: [(name: String, type: String, identity: Bool)] = []
        for try await (name, type, identity) in rows.decode((String, String, String).self) {
            targetColumns.append((name, type, identity == "YES"))
        }
        var columns: [Column] = []
        for column in sourceColumns {
            guard let match = targetColumns.first(where: { CopyPlan.key($0.name) == CopyPlan.key(column.name) }) else {
                throw StoreError.database("\(source).\(column.name) has no column in PostgreSQL's \(target); nothing was copied")
            }
            columns.append(Column(source: column.name, target: match.name, type: match.type))
        }
        let missing = targetColumns.filter { target in !columns.contains { $0.target == target.name } }
        guard missing.isEmpty else {
            throw StoreError.database("PostgreSQL's \(target) has columns \(missing.map(\.name)) that SQLite's \(source) lacks; nothing was copied")
        }
        let key = sourceColumns.filter { $0.pk > 0 }.sorted { $0.pk < $1.pk }.map(\.name)
        guard !key.isEmpty else { throw StoreError.database("\(source) has no primary key to read it in order by") }
        return TableCopy(source: source, target: target, columns: columns, key: key, hasIdentity: targetColumns.contains { $0.name == "id" && $0.identity })
    }

    /// Copies every row; answers how many.
    func copyRows(from sqlite: any DatabaseWriter, to connection: PostgresConnection, logger: Logger) async throws -> Int {
        // PostgreSQL takes at most 65,535 parameters in one statement.
        let batch = max(1, min(1_000, 30_000 / columns.count))
        let quoted = columns.map { "\"\($0.source)\"" }.joined(separator: ", ")
        let order = key.map { "\"\($0)\"" }.joined(separator: ", ")
        let after = "(\(order)) > (\(Array(repeating: "?", count: key.count).joined(separator: ", ")))"
        let keyIndexes = key.compactMap { name in columns.firstIndex { $0.source == name } }
        var last: [DatabaseValue]?
        var copied = 0
        while true {
            let sql = "SELECT \(quoted) FROM \"\(source)\"\(last == nil ? "" : " WHERE \(after)") ORDER BY \(order) LIMIT \(batch)"
            let arguments = StatementArguments(last ?? [])
            let width = columns.count
            let page = try await sqlite.read { db in
                try Row.fetchAll(db, sql: sql, arguments: arguments)
                    .map { row in (0..<width).map { row[$0] as DatabaseValue } }
            }
            guard let final = page.last else { return copied }
            try await insert(page, on: connection, logger: logger)
            copied += page.count
            last = keyIndexes.map { final[$0] }
        }
    }

    /// One multi-row insert of `rows`.
    private func insert(_ rows: [[DatabaseValue]], on connection: PostgresConnection, logger: Logger) async throws {
        var bindings = PostgresBindings(capacity: rows.count * columns.count)
        var tuples: [String] = []
        for row in rows {
            var placeholders: [String] = []
            for (index, value) in row.enumerated() {
                try Self.bind(value, as: columns[index], of: target, into: &bindings)
                placeholders.append("$\(bindings.count)")
            }
            tuples.append("(" + placeholders.joined(separator: ", ") + ")")
        }
        let names = columns.map(\.target).joined(separator: ", ")
        try await connection.run(PostgresQuery(unsafeSQL: "INSERT INTO \(target) (\(names)) VALUES \(tuples.joined(separator: ", "))", binds: bindings), logger: logger)
    }

    /// Binds one SQLite value as the PostgreSQL column's type wants it.
    private static func bind(_ value: DatabaseValue, as column: Column, of table: String, into bindings: inout PostgresBindings) throws {
        if value.isNull { bindings.appendNull(); return }
        func refuse() -> StoreError {
            StoreError.database("\(table).\(column.target): the SQLite value \(value) cannot be stored as \(column.type); nothing was copied")
        }
        switch column.type {
        case "bigint", "integer":
            guard let number = Int64.fromDatabaseValue(value) else { throw refuse() }
            if column.type == "integer" {
                guard let small = Int32(exactly: number) else { throw refuse() }
                bindings.append(small)
            } else {
                bindings.append(number)
            }
        case "double precision":
            guard let number = Double.fromDatabaseValue(value) else { throw refuse() }
            bindings.append(number)
        case "boolean":
            guard let flag = Bool.fromDatabaseValue(value) else { throw refuse() }
            bindings.append(flag)
        case "text":
            guard let text = String.fromDatabaseValue(value) else { throw refuse() }
            bindings.append(text)
        case "bytea":
            guard let data = Data.fromDatabaseValue(value) else { throw refuse() }
            bindings.append(ByteBuffer(bytes: data))
        case "timestamp with time zone":
            guard let date = StoredDate.fromDatabaseValue(value)?.date else { throw refuse() }
            bindings.append(PostgresTime.stored(date))
        default:
            throw StoreError.database("\(table).\(column.target) is of type \(column.type), which the copy does not know")
        }
    }
}
