import Core
import Foundation
import GRDB
import Store

/// The application database: the one entry point to everything MobileOps stores.
///
/// Modelled on GRDB's demo `AppDatabase`: it owns a `DatabaseWriter` (a WAL `DatabasePool`
/// in production), applies the migrations when created, and exposes intent-revealing
/// methods whose consistency rules each run inside one `write {}` transaction.
public struct AppDatabase: StoreAvailability {
    /// Access to the database; a pool in production, a queue is fine in tests.
    package let writer: any DatabaseWriter
    /// Checkpoints the WAL of a database opened with `open(path:)`; kept alive by the copies.
    private let checkpointer: WALCheckpointer?
    /// The time the store's own reads are judged at (an agent's liveness in pending reasons).
    let clock: any TimeSource
    /// How long an agent may be silent before it counts as offline: the job lease.
    let presenceWindow: TimeInterval
    /// The exclusive hold on the file of a database opened with `open(path:)`; kept by the copies.
    var fileLock: DatabaseFileLock?

    /// Wraps a writer and migrates it to the current schema.
    ///
    /// Callers normally use `open(path:)`, which also refuses foreign or newer files.
    public init(_ writer: any DatabaseWriter, clock: any TimeSource = SystemClock(), presenceWindow: TimeInterval = 60) throws(StoreError) {
        try self.init(writer, checkpointingFileAt: nil, clock: clock, presenceWindow: presenceWindow)
    }

    /// Wraps a writer, migrates it, then starts checkpointing the WAL file at `path`, if any.
    init(_ writer: any DatabaseWriter, checkpointingFileAt path: String?, clock: any TimeSource, presenceWindow: TimeInterval) throws(StoreError) {
        self.writer = writer
        self.clock = clock
        self.presenceWindow = presenceWindow
        do {
            try Self.migrator.migrate(writer)
        } catch {
            // A server started on a full disk says so, rather than "migration failed".
            let failure = StoreError(error, writing: "the database's migrations", folder: nil)
            throw failure.isStorageFull ? failure : StoreError.database("migrating the database failed: \(error)")
        }
        do {
            checkpointer = try path.map { try WALCheckpointer(path: $0, writer: writer) }
        } catch {
            throw StoreError.database("cannot open \(path ?? "") for checkpoints: \(error)")
        }
    }

    /// Whether the database answers and every migration this binary knows is applied.
    public func isReady() async -> Bool {
        do {
            return try await writer.read { db in try Self.migrator.hasCompletedMigrations(db) }
        } catch {
            return false
        }
    }

    /// Nothing to release early: the file, its lock and the WAL checkpointer go with the last
    /// copy of this value, which is how a test reopens a file after a server is done with it.
    public func close() async {}

    /// The file the database lives in (`:memory:` for an in-memory queue).
    public var path: String { writer.path }

    /// Identifiers of the migrations this binary applies, in order.
    public static var knownMigrations: [String] { migrator.migrations }
}

// MARK: - Error mapping

extension AppDatabase {
    /// Runs a write transaction on GRDB's writer queue, suspending the caller until it has
    /// committed instead of blocking its thread; GRDB errors become `StoreError`.
    func write<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        do {
            return try await writer.write(updates)
        } catch {
            throw storeError(error)
        }
    }

    /// `error` as the store's error: a full disk becomes `.storageFull`, wherever SQLite
    /// noticed it (a statement, the commit, growing the `-shm` file).
    func storeError(_ error: any Error) -> StoreError {
        let file = writer.path
        let folder = file.hasPrefix("/") ? URL(fileURLWithPath: file).deletingLastPathComponent().path : nil
        return StoreError(error, writing: "the database", folder: folder)
    }

    /// Writes each item in its own savepoint of one transaction (a group commit): one
    /// failing item is rolled back alone and answered with its error; the others commit
    /// together. Answers one result per item, in order.
    ///
    /// A full disk is not one item's fault: SQLite may already have rolled the whole
    /// transaction back, so every item is answered `.storageFull` and none is committed.
    ///
    /// The transaction runs on GRDB's writer queue: the caller is suspended, not blocked, so
    /// no cooperative thread waits on SQLite while a batch commits, and requests arriving
    /// meanwhile can still queue up for the next one.
    func writeEach<Item: Sendable, Output: Sendable>(
        _ items: [Item], _ update: @Sendable (Database, Item) throws -> Output
    ) async -> [Result<Output, StoreError>] {
        do {
            return try await write { db in
                try items.map { item in
                    do {
                        return .success(try Self.inItemSavepoint(db) { try update(db, item) })
                    } catch {
                        let failure = storeError(error)
                        if failure.isStorageFull { throw failure }
                        return .failure(failure)
                    }
                }
            }
        } catch {
            return items.map { _ in .failure(error) }
        }
    }

    /// Runs `body` in a savepoint, rolled back if it throws.
    ///
    /// GRDB's `inSavepoint` prepares its `SAVEPOINT` and `RELEASE` statements anew each time;
    /// a group commit opens one per webhook delivery, so these are prepared once.
    private static func inItemSavepoint<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        try db.cachedStatement(sql: "SAVEPOINT item").execute()
        do {
            let value = try body()
            try db.cachedStatement(sql: "RELEASE SAVEPOINT item").execute()
            return value
        } catch {
            // After SQLITE_FULL or an I/O error SQLite may have rolled back the whole
            // transaction, savepoint included: then there is nothing to roll back, and the
            // caller must see the original error, not "no such savepoint".
            guard db.isInsideTransaction else { throw error }
            try db.cachedStatement(sql: "ROLLBACK TO SAVEPOINT item").execute()
            try db.cachedStatement(sql: "RELEASE SAVEPOINT item").execute()
            throw error
        }
    }

    /// Runs a read on one of GRDB's reader connections, suspending the caller instead of
    /// blocking its thread (a cooperative thread waiting on SQLite starves the server's
    /// timers and long polls); errors become `StoreError` as in `write`.
    func read<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws(StoreError) -> T {
        do {
            return try await writer.read(value)
        } catch {
            throw storeError(error)
        }
    }
}
