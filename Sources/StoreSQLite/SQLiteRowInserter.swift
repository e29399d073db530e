import Core
import Foundation
import GRDB
import GRDBSQLite
import Store

// MARK: - SQLiteRowInserter

/// Runs one `INSERT` in the caller's transaction, binding each row's values with SQLite's C API.
///
/// For every execution GRDB builds `StatementArguments` from an array of existential values;
/// for the 200 task rows of a build report that was about a third of the writer's time, and
/// for a record its column dictionary costs more than SQLite's insert. Bindings are cleared
/// after every row, so a statement taken from GRDB's cache is left as GRDB expects it. Only
/// for tables nothing observes through GRDB (nothing in this server does): the observation
/// hooks of GRDB's own `execute` are skipped.
struct SQLiteRowInserter {
    private let statement: Statement
    private let connection: SQLiteConnection?

    /// Prepares `sql`, an `INSERT` with one `?` per value, for many rows in one transaction.
    init(_ db: Database, sql: String) throws {
        self.statement = try db.makeStatement(sql: sql)
        self.connection = db.sqliteConnection
    }

    /// Takes `sql` from the connection's statement cache, for an insert repeated across
    /// transactions (a row per delivery).
    init(cached db: Database, sql: String) throws {
        self.statement = try db.cachedStatement(sql: sql)
        self.connection = db.sqliteConnection
    }

    /// Binds one row's values, in order, with `bind`, and inserts it.
    func insert(_ bind: (inout SQLiteRowValues) -> Void) throws {
        let handle = statement.sqliteStatement
        var values = SQLiteRowValues(handle: handle)
        bind(&values)
        let code = values.failure ?? sqlite3_step(handle)
        // Ready for the next row whatever happened; the bound copies are freed.
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        guard code == SQLITE_DONE else {
            let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
        }
    }
}

/// Where a record's column values go, in its column order: SQLite's bindings for a direct
/// insert (`SQLiteRowValues`), or GRDB's container for its other writes (`DirectInsertRecord`).
protocol ColumnValueSink {
    /// Adds an integer.
    mutating func add(_ value: Int64)
    /// Adds an integer, or NULL.
    mutating func add(_ value: Int64?)
    /// Adds an integer, or NULL.
    mutating func add(_ value: Int?)
    /// Adds a boolean.
    mutating func add(_ value: Bool)
    /// Adds a date as `StoredDate` text, or NULL.
    mutating func add(_ value: Date?)
    /// Adds bytes.
    mutating func add(_ value: Data)
    /// Adds text, or NULL.
    mutating func add(_ value: String?)
}

/// The values of one row, bound to the statement's parameters in the order they are added.
struct SQLiteRowValues: ColumnValueSink {
    fileprivate let handle: SQLiteStatement
    private var index: Int32 = 0
    /// The first binding that failed (SQLite result code), if any.
    fileprivate private(set) var failure: Int32?

    /// SQLite copies bound text at once, so the Swift string may go away afterwards.
    private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

    fileprivate init(handle: SQLiteStatement) {
        self.handle = handle
    }

    /// Adds an integer.
    mutating func add(_ value: Int64) {
        index += 1
        check(sqlite3_bind_int64(handle, index, value))
    }

    /// Adds an integer, or NULL.
    mutating func add(_ value: Int64?) {
        guard let value else { return addNull() }
        add(value)
    }

    /// Adds an integer, or NULL.
    mutating func add(_ value: Int?) {
        add(value.map(Int64.init))
    }

    /// Adds a boolean as 0 or 1, as GRDB stores it.
    mutating func add(_ value: Bool) {
        add(Int64(value ? 1 : 0))
    }

    /// Adds a date as `StoredDate` text, or NULL.
    mutating func add(_ value: Date?) {
        add(value.map(UTCDateText.sqlite))
    }

    /// Adds bytes as a blob (empty bytes are an empty blob, not NULL).
    mutating func add(_ value: Data) {
        index += 1
        let code = value.withUnsafeBytes { buffer in
            // SQLite wants a non-null pointer even for zero bytes.
            sqlite3_bind_blob(handle, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(clamping: buffer.count), Self.transient)
        }
        check(code)
    }

    /// Adds a number, or NULL.
    mutating func add(_ value: Double?) {
        guard let value else { return addNull() }
        index += 1
        check(sqlite3_bind_double(handle, index, value))
    }

    /// Adds text, or NULL.
    mutating func add(_ value: String?) {
        guard let value else { return addNull() }
        index += 1
        let length = Int32(clamping: value.utf8.count)
        check(value.withCString { sqlite3_bind_text(handle, index, $0, length, Self.transient) })
    }

    private mutating func addNull() {
        index += 1
        check(sqlite3_bind_null(handle, index))
    }

    private mutating func check(_ code: Int32) {
        if code != SQLITE_OK, failure == nil { failure = code }
    }
}
