import Foundation
import Store
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive `flock` on `<database>.lock`, so two server processes never share one
/// SQLite file (the second one's migrations and checkpoints would run under the first).
///
/// The lock is per process: opens of the same file within one process (a restart in a
/// test, a maintenance command's compose) share one lock, counted, and the file descriptor
/// closes with the last store that holds it, which releases the lock. The kernel releases
/// it too when the process dies, however it dies: a stale lock file is harmless.
final class DatabaseFileLock: Sendable {
    /// Locks held by this process: lock path → (descriptor, holders).
    private static let held = Mutex<[String: (descriptor: Int32, holders: Int)]>([:])

    private let lockPath: String

    /// Takes the lock for the database at `path`, or joins this process's hold on it.
    /// - Throws: `StoreError.databaseInUse` when another process holds it.
    init(databasePath path: String) throws(StoreError) {
        let lockPath = URL(fileURLWithPath: path).standardizedFileURL.path + ".lock"
        self.lockPath = lockPath
        try Self.held.withLock { (held: inout [String: (descriptor: Int32, holders: Int)]) throws(StoreError) in
            if let entry = held[lockPath] {
                held[lockPath] = (entry.descriptor, entry.holders + 1)
                return
            }
            let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw StoreError.database("cannot create the lock file \(lockPath): \(String(cString: strerror(errno)))")
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                close(descriptor)
                throw StoreError.databaseInUse(path: path)
            }
            held[lockPath] = (descriptor, 1)
        }
    }

    deinit {
        let lockPath = self.lockPath
        Self.held.withLock { held in
            guard let entry = held[lockPath] else { return }
            if entry.holders > 1 {
                held[lockPath] = (entry.descriptor, entry.holders - 1)
            } else {
                // Closing the descriptor releases the flock.
                close(entry.descriptor)
                held[lockPath] = nil
            }
        }
    }
}
