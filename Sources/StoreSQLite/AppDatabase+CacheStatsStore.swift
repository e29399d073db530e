import Foundation
import GRDB
import Store

extension AppDatabase: CacheStatsStore {
    /// Adds the counts and applies the entry facts in one transaction.
    public func recordCacheActivity(_ batch: CacheActivityBatch) async throws(StoreError) {
        let batch = batch.merged()
        guard !batch.isEmpty else { return }
        try await write { db in
            for counter in batch.counters {
                try db.execute(
                    sql: """
                        INSERT INTO cacheCounter (protocolName, namespace, hits, misses, uploads, bytesServed, bytesStored, evictions)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT (protocolName, namespace) DO UPDATE SET
                          hits = hits + excluded.hits, misses = misses + excluded.misses, uploads = uploads + excluded.uploads,
                          bytesServed = bytesServed + excluded.bytesServed, bytesStored = bytesStored + excluded.bytesStored,
                          evictions = evictions + excluded.evictions
                        """,
                    arguments: [
                        counter.protocolName, counter.namespace, counter.hits, counter.misses, counter.uploads, counter.bytesServed, counter.bytesStored,
                        counter.evictions,
                    ])
            }
            try Self.recordCacheUsage(batch, in: db)
            for entry in batch.entries {
                guard let kept = entry.kept else {
                    try db.execute(
                        sql: "DELETE FROM cacheEntry WHERE protocolName = ? AND namespace = ? AND entryKey = ?",
                        arguments: [entry.protocolName, entry.namespace, entry.key])
                    continue
                }
                // The stored text sorts as time does, so MAX keeps the later access.
                try db.execute(
                    sql: """
                        INSERT INTO cacheEntry (protocolName, namespace, entryKey, size, lastAccessAt) VALUES (?, ?, ?, ?, ?)
                        ON CONFLICT (protocolName, namespace, entryKey) DO UPDATE SET
                          size = excluded.size, lastAccessAt = MAX(lastAccessAt, excluded.lastAccessAt)
                        """,
                    arguments: [entry.protocolName, entry.namespace, entry.key, kept.size, StoredDate(kept.lastAccess)])
            }
        }
    }

    /// Kept entries (of every namespace, or of `namespace`), least recently used first, at
    /// most `limit` (1…10,000).
    public func leastRecentlyUsedCacheEntries(limit: Int, namespace: String?) async throws(StoreError) -> [CacheEntryTouch] {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM cacheEntry WHERE (? IS NULL OR namespace = ?) ORDER BY lastAccessAt, protocolName, namespace, entryKey LIMIT ?",
                arguments: [namespace, namespace, min(max(limit, 1), 10_000)]
            ).map { row in
                CacheEntryTouch(protocolName: row["protocolName"], namespace: row["namespace"], key: row["entryKey"], size: row["size"], lastAccess: row[date: "lastAccessAt"])
            }
        }
    }

    /// Keys kept in one protocol and namespace starting with `prefix`, in byte order after
    /// `after`, at most `limit` (1…10,000): a range of the primary key's index.
    public func cacheEntryKeys(protocolName: String, namespace: String, prefix: String, after: String?, limit: Int) async throws(StoreError) -> [String] {
        try await read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT entryKey FROM cacheEntry
                    WHERE protocolName = ? AND namespace = ? AND substr(entryKey, 1, length(?)) = ? AND (? IS NULL OR entryKey > ?)
                    ORDER BY entryKey LIMIT ?
                    """,
                arguments: [protocolName, namespace, prefix, prefix, after, after, min(max(limit, 1), 10_000)])
        }
    }

    /// The totals with the kept entries' count and bytes, by protocol then namespace.
    public func cacheStatistics() async throws(StoreError) -> [CacheNamespaceStatistics] {
        try await read { db in
            try Row.fetchAll(db, sql: """
                SELECT c.protocolName, c.namespace, c.hits, c.misses, c.uploads, c.bytesServed, c.bytesStored, c.evictions,
                       COALESCE(e.entries, 0) AS entries, COALESCE(e.bytes, 0) AS entryBytes
                FROM cacheCounter c
                LEFT JOIN (SELECT protocolName, namespace, COUNT(*) AS entries, SUM(size) AS bytes FROM cacheEntry GROUP BY protocolName, namespace) e
                  ON e.protocolName = c.protocolName AND e.namespace = c.namespace
                ORDER BY c.protocolName, c.namespace
                """
            ).map { row in
                CacheNamespaceStatistics(
                    protocol: row["protocolName"], namespace: row["namespace"], hits: row["hits"], misses: row["misses"], uploads: row["uploads"],
                    bytesServed: row["bytesServed"], bytesStored: row["bytesStored"], evictions: row["evictions"], entries: row["entries"],
                    entryBytes: row["entryBytes"])
            }
        }
    }
}
