import GRDB

// MARK: - DirectInsertRecord

/// A record the webhook intake inserts by binding its columns straight to a cached statement
/// (`SQLiteRowInserter`), bypassing GRDB's `insert`.
///
/// GRDB's insert builds a case-insensitive column dictionary from `encode(to:)`, generates the
/// SQL and wraps every value in `StatementArguments`: for the delivery, build, job and outbox
/// rows written with each delivery that cost as much as SQLite's own work. `encode(to:)` stays
/// for updates; `RecordColumnsTests` keeps `insertColumns` equal to the table's columns and
/// checks that a directly inserted row reads back as the record.
protocol DirectInsertRecord: MutablePersistableRecord {
    /// Every column but `id`, in the order `bindInsert(_:)` adds their values.
    static var insertColumns: [String] { get }
    /// `INSERT INTO table (insertColumns) VALUES (?, …)`; see `insertStatement(columns:)`.
    static var insertSQL: String { get }
    /// The row's id, set by `insertDirectly(_:)`.
    var id: Int64? { get set }
    /// Adds the values of `insertColumns`, in order.
    func bindInsert(_ row: inout SQLiteRowValues)
}

extension DirectInsertRecord {
    /// The `INSERT` of `columns` into this record's table.
    static func insertStatement(columns: [String]) -> String {
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        return "INSERT INTO \(databaseTableName) (\(columns.joined(separator: ", "))) VALUES (\(placeholders))"
    }

    /// Inserts the row in the caller's transaction and sets `id`.
    mutating func insertDirectly(_ db: Database) throws {
        try SQLiteRowInserter(cached: db, sql: Self.insertSQL).insert { row in bindInsert(&row) }
        id = db.lastInsertedRowID
    }
}
