import GRDB

/// Copies the write-ahead log back into the database file from its own connection, so the
/// writer seldom does it inside a commit.
///
/// SQLite's automatic checkpoint runs in the commit that takes the log past 1,000 pages: that
/// commit copies the pages and syncs the file while every request waiting for the writer
/// waits with it (`perf` under webhook load: 5 % of the server's samples, all on the writer's
/// thread). Here a passive checkpoint runs every `interval` on a second connection; it never
/// blocks the writer or readers.
///
/// Under sustained writes the checkpoint never quite catches up with the end of the log, and
/// SQLite rewinds the log only when it has: the log then grows to the writer's backstop
/// threshold, where the writer checkpoints the little that is left and the log starts over.
/// So the `-wal` file stays at about 40 MB under load, instead of 4 MB.
final class WALCheckpointer: Sendable {
    /// Pages the log may reach before the writer checkpoints itself anyway (about 40 MB).
    static let backstopPages = 10_000

    private let loop: Task<Void, Never>

    /// Opens a second connection to the WAL database at `path` and starts checkpointing.
    init(path: String, interval: Duration = .milliseconds(200)) throws {
        let connection = try DatabaseQueue(path: path)
        // The loop holds the connection, not `self`, so dropping the database's last copy runs
        // `deinit`, which ends it. The checkpoint itself runs on the connection's own queue,
        // never on one of Swift's cooperative threads.
        loop = Task.detached(priority: .utility) {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                connection.asyncWriteWithoutTransaction { db in
                    // A failed pass (the file removed under a test, the checkpoint lock busy)
                    // is retried at the next tick; the writer's backstop bounds the log.
                    _ = try? db.checkpoint(.passive)
                }
            }
        }
    }

    deinit {
        loop.cancel()
    }
}
