import Core
import Foundation
import GRDB
import Store

extension AppDatabase {
    /// Opens (creating if needed) the database file at `path` as a WAL `DatabasePool`.
    ///
    /// An existing file is first inspected through a read-only connection, so a file that is
    /// not a database, is someone else's database, or carries migrations newer than this
    /// binary is rejected before a single byte of it changes. A file another process has
    /// open this way is refused (`StoreError.databaseInUse`): see `DatabaseFileLock`.
    /// - Parameters:
    ///   - path: The SQLite file; its folder is created when missing.
    ///   - busyTimeout: How long a writer waits for a lock before failing.
    ///   - clock: The time the store's reads are judged at.
    ///   - presenceWindow: Seconds an agent may be silent before it counts as offline (the job lease).
    public static func open(
        path: String, busyTimeout: Duration = .seconds(5), clock: any TimeSource = SystemClock(), presenceWindow: TimeInterval = 60
    ) throws(StoreError) -> AppDatabase {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw StoreError.cannotCreateDirectory(path: folder, reason: error.localizedDescription)
        }
        // Before anything reads or migrates the file: a second server must change nothing.
        let lock = try DatabaseFileLock(databasePath: path)
        if FileManager.default.fileExists(atPath: path) {
            try inspectExistingFile(at: path, busyTimeout: busyTimeout)
        }
        var configuration = Configuration()
        configuration.busyMode = .timeout(TimeInterval(busyTimeout.components.seconds))
        configuration.label = "mobile-ops"
        configuration.prepareDatabase { db in
            // A group commit writes each delivery in a savepoint, and SQLite keeps the pages a
            // savepoint changes in a statement journal. By default that journal spills to a
            // temporary file past 64 KiB, which a burst of 8 KB webhook bodies always reached:
            // an open and a write per savepoint (`perf`: 5 % of the server's time). Its size is
            // bounded by one transaction, so it stays in memory.
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            // Checkpoints run on their own connection (`WALCheckpointer`); this is the backstop.
            try db.execute(sql: "PRAGMA wal_autocheckpoint = \(WALCheckpointer.backstopPages)")
        }
        do {
            let pool = try DatabasePool(path: path, configuration: configuration)
            var database = try AppDatabase(pool, checkpointingFileAt: path, clock: clock, presenceWindow: presenceWindow)
            database.fileLock = lock
            return database
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.database("cannot open \(path): \(error)")
        }
    }

    /// Refuses a file we must not touch; reads only.
    ///
    /// Waits for locks like the writer does: the last connection of a closing pool (a test's,
    /// or an earlier open in this process) checkpoints the WAL and holds the file meanwhile,
    /// and failing at once made a reopen fail with "database is locked".
    private static func inspectExistingFile(at path: String, busyTimeout: Duration) throws(StoreError) {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(TimeInterval(busyTimeout.components.seconds))
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            try queue.read { db in
                let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
                guard !tables.isEmpty else { return }
                guard tables.contains("grdb_migrations") else {
                    throw StoreError.foreignDatabase(path: path)
                }
                let applied = try migrator.appliedIdentifiers(db)
                let unknown = applied.subtracting(migrator.migrations).sorted()
                if !unknown.isEmpty {
                    throw StoreError.newerSchema(path: path, unknownMigrations: unknown)
                }
            }
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw StoreError.notADatabase(path: path)
        } catch {
            throw StoreError.database("cannot read \(path): \(error)")
        }
    }
}
