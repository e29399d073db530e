import GRDB
import Store

/// Walks the runnable pending jobs of one requirement key (none of their steps to wait for),
/// best first (higher priority, then older), a page at a time through the `job_runnable`
/// partial index.
///
/// The dispatcher merges one cursor per key the agent can run, so picking a job costs a few
/// index seeks however many jobs are pending, instead of sorting every pending job.
struct PendingJobCursor {
    /// The requirement key this cursor walks.
    let key: String
    private var page: [JobRecord] = []
    private var position = 0
    private var fetched = 0
    private var exhausted = false
    /// The next page's size: a pick usually takes the first job it sees, so the first page is
    /// small, and each further page doubles up to 64. Decoding 32 whole rows to take one was
    /// a third of a pick's time with 100,000 jobs pending.
    private var pageSize = 4

    init(key: String) {
        self.key = key
    }

    /// The best job not yet consumed, fetching the next page when needed; nil at the end.
    mutating func head(in db: Database) throws -> JobRecord? {
        if position == page.count, !exhausted {
            let statement = try db.cachedStatement(sql: """
                SELECT * FROM job INDEXED BY job_runnable
                WHERE state = 'pending' AND waitingForSteps = 0 AND requirementsKey = ?
                ORDER BY priority DESC, id LIMIT ? OFFSET ?
                """)
            page = try JobRecord.fetchAll(statement, arguments: [key, pageSize, fetched])
            position = 0
            fetched += page.count
            exhausted = page.count < pageSize
            pageSize = min(pageSize * 2, 64)
        }
        return position < page.count ? page[position] : nil
    }

    /// Moves past the current head.
    mutating func advance() {
        position += 1
    }

    // MARK: Keys

    /// Every distinct requirement key among runnable pending jobs, by skipping through the partial
    /// index one key at a time (a plain `SELECT DISTINCT` would read every pending row).
    static func pendingKeys(in db: Database) throws -> [String] {
        try String.fetchAll(db.cachedStatement(sql: """
            WITH RECURSIVE pendingKey(key) AS (
                SELECT (SELECT MIN(requirementsKey) FROM job WHERE state = 'pending' AND waitingForSteps = 0)
                UNION ALL
                SELECT (SELECT MIN(requirementsKey) FROM job WHERE state = 'pending' AND waitingForSteps = 0 AND requirementsKey > pendingKey.key)
                FROM pendingKey WHERE pendingKey.key IS NOT NULL
            )
            SELECT key FROM pendingKey WHERE key IS NOT NULL
            """))
    }
}
