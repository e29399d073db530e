import Foundation
import GRDB
import Store

// MARK: - DirectInsertRecord

/// A record the webhook intake inserts by binding its columns straight to a cached statement
/// (`SQLiteRowInserter`), bypassing GRDB's `insert`.
///
/// GRDB's insert builds a case-insensitive column dictionary from `encode(to:)`, generates the
/// SQL and wraps every value in `StatementArguments`: for the delivery, build, job and outbox
/// rows written with each delivery that cost as much as SQLite's own work. The record lists
/// its values once, in `addColumnValues(to:)`; the direct insert binds them and
/// `encodeColumns(to:)` gives them to GRDB for its updates. `RecordColumnsTests` keeps
/// `insertColumns` equal to the table's columns and checks that a directly inserted row reads
/// back as the record.
protocol DirectInsertRecord: MutablePersistableRecord {
    /// Every column but `id`, in the order `addColumnValues(to:)` adds their values.
    static var insertColumns: [String] { get }
    /// `INSERT INTO table (insertColumns) VALUES (?, …)`; see `insertStatement(columns:)`.
    static var insertSQL: String { get }
    /// The row's id, set by `insertDirectly(_:)`.
    var id: Int64? { get set }
    /// Adds the values of `insertColumns`, in order.
    func addColumnValues(to columns: inout some ColumnValueSink)
}

extension DirectInsertRecord {
    /// The `INSERT` of `columns` into this record's table.
    static func insertStatement(columns: [String]) -> String {
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        return "INSERT INTO \(databaseTableName) (\(columns.joined(separator: ", "))) VALUES (\(placeholders))"
    }

    /// Inserts the row in the caller's transaction and sets `id`.
    mutating func insertDirectly(_ db: Database) throws {
        try SQLiteRowInserter(cached: db, sql: Self.insertSQL).insert { row in addColumnValues(to: &row) }
        id = db.lastInsertedRowID
    }

    /// `encode(to:)` for GRDB's updates: `id` and the values of `addColumnValues(to:)`.
    func encodeColumns(to container: inout PersistenceContainer) {
        var values = ContainerColumnValues()
        addColumnValues(to: &values)
        container["id"] = id
        for (column, value) in zip(Self.insertColumns, values.values) {
            container[column] = value
        }
    }
}

// MARK: - ContainerColumnValues

/// Collects a record's column values as GRDB values, for `encodeColumns(to:)`.
private struct ContainerColumnValues: ColumnValueSink {
    var values: [(any DatabaseValueConvertible)?] = []

    mutating func add(_ value: Int64) { values.append(value) }
    mutating func add(_ value: Int64?) { values.append(value) }
    mutating func add(_ value: Int?) { values.append(value) }
    mutating func add(_ value: Bool) { values.append(value) }
    mutating func add(_ value: Date?) { values.append(value.map(StoredDate.init)) }
    mutating func add(_ value: Data) { values.append(value) }
    mutating func add(_ value: String?) { values.append(value) }
}
