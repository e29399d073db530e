import GRDB
import Store

/// Copies the write-ahead log back into the database file from its own connection, so the
/// writer seldom does it inside a commit, and lets the log rewind under sustained writes.
///
/// SQLite's automatic checkpoint runs in the commit that takes the log past 1,000 pages: that
/// commit copies the pages and syncs the file while every request waiting for the writer
/// waits with it (`perf` under webhook load: 5 % of the server's samples, all on the writer's
/// thread). Here a passive checkpoint runs every `interval` on a second connection; it never
/// blocks the writer or readers.
///
/// SQLite rewinds the log to its start only when a write begins with every page of it
/// copied, which a checkpoint beside a busy writer never achieves: the writer commits again
/// while it copies. Left alone, the log grew to the writer's backstop, whose catch-up (the
/// pages of the last interval, then two syncs) held the writer for 20–50 ms about twice a
/// second under webhook load, and every waiting request with it. So when a pass finds a long
/// log, the writer copies what was committed during that pass, between two of its own
/// transactions (2–20 ms, mostly the two syncs), and its next transaction rewinds the log.
/// Under webhook load that is about three times a second, and the `-wal` file stays near
/// 30 MB.
final class WALCheckpointer: Sendable {
    /// Pages the log may reach before the writer checkpoints itself anyway (about 40 MB).
    static let backstopPages = 10_000
    /// Log length (pages, about 16 MB) from which a pass asks the writer to finish it; shorter
    /// logs wait for a quiet moment, when the next write rewinds them by itself. Each request
    /// holds the writer for its syncs, so it is not made every tick: at 1,000 pages, a run of
    /// job picks met one every 200 ms, and their p99 rose from 1.0–1.4 ms to 1.3–3.2 ms.
    /// It stays well below the backstop minus what one interval of heavy writes adds.
    static let rewindPages = 4_000

    private let loop: Task<Void, Never>

    /// Opens a second connection to the WAL database at `path`, written by `writer`, and
    /// starts checkpointing.
    init(path: String, writer: any DatabaseWriter, interval: Duration = .milliseconds(200)) throws {
        // Opening reads the schema; a checkpoint of the file's previous owner, still finishing
        // as it is closed, may hold the lock for a moment: wait for it rather than fail.
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        let connection = try DatabaseQueue(path: path, configuration: configuration)
        // The loop holds the connections, not `self`, so dropping the database's last copy
        // runs `deinit`, which ends it. Checkpoints run on the connections' own queues, never
        // on one of Swift's cooperative threads.
        loop = Task.detached(priority: .utility) {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                await Self.pass(connection: connection, writer: writer)
            }
        }
    }

    /// One tick: a passive checkpoint from `connection`, and, when it found a long log, the
    /// writer's own checkpoint of what was committed meanwhile, so its next transaction
    /// rewinds the log.
    static func pass(connection: DatabaseQueue, writer: any DatabaseWriter) async {
        // A failed pass (the file removed under a test, the checkpoint lock busy, a full disk
        // the database file cannot grow on) is retried at the next tick; the writer's backstop
        // bounds the log.
        let frames = try? await connection.writeWithoutTransaction { db in try db.checkpoint(.passive).walFrameCount }
        guard let frames, frames >= rewindPages else { return }
        // The pass copied the log as it was when it began. What the writer committed since,
        // the writer copies itself, queued behind the writes under way. The loop waits for it
        // before its next pass: SQLite runs one checkpoint at a time, and a pass of ours
        // running beside it (a busy machine stretches both) made the writer's fail, so the log
        // never rewound. A reader still using old pages keeps them in the log; the next tick
        // retries.
        _ = try? await writer.writeWithoutTransaction { db in try db.checkpoint(.passive) }
    }

    deinit {
        loop.cancel()
    }
}
