import Core
import Foundation
import Logging
import Store
import StorePostgres
import StoreSQLite

// The one place a backend is chosen: everything else sees the store protocols only.
extension DatabaseLocation {
    /// Opens the store and brings its schema up to date.
    /// - Throws: `StoreError` saying why: a file that is not ours or is newer, a file in
    ///   use, PostgreSQL unreachable or refusing the credentials.
    func open(clock: any TimeSource, presenceWindow: TimeInterval, logger: Logger) async throws -> any StoreDatabase {
        switch self {
        case let .sqlite(path):
            // Opening inspects and migrates the file through GRDB's blocking API: a thread of
            // its own keeps it off the cooperative pool (a migration of a new file takes a
            // noticeable time in a debug build, and every test server opens one).
            try await DedicatedThread.run { () -> Result<AppDatabase, StoreError> in
                Result { () throws(StoreError) in try AppDatabase.open(path: path, clock: clock, presenceWindow: presenceWindow) }
            }.get()
        case let .postgres(location):
            try await PostgresAppDatabase.open(location: location, clock: clock, presenceWindow: presenceWindow, logger: logger)
        }
    }
}
