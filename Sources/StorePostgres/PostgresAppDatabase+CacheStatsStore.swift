import Foundation
import PostgresNIO
import Store

extension PostgresAppDatabase: CacheStatsStore {
    /// Adds the counts and applies the entry facts in one transaction, one statement each
    /// for counters, kept entries and deleted ones.
    public func recordCacheActivity(_ batch: CacheActivityBatch) async throws(StoreError) {
        let batch = batch.merged()
        guard !batch.isEmpty else { return }
        try await write { connection in
            let counters = batch.counters
            if !counters.isEmpty {
                try await connection.run(
                    """
                    INSERT INTO cache_counter (protocol_name, namespace, hits, misses, uploads, bytes_served, bytes_stored, evictions)
                    SELECT * FROM unnest(\(counters.map(\.protocolName))::text[], \(counters.map(\.namespace))::text[],
                        \(counters.map(\.hits))::bigint[], \(counters.map(\.misses))::bigint[], \(counters.map(\.uploads))::bigint[],
                        \(counters.map(\.bytesServed))::bigint[], \(counters.map(\.bytesStored))::bigint[], \(counters.map(\.evictions))::bigint[])
                    ON CONFLICT (protocol_name, namespace) DO UPDATE SET
                      hits = cache_counter.hits + excluded.hits, misses = cache_counter.misses + excluded.misses,
                      uploads = cache_counter.uploads + excluded.uploads, bytes_served = cache_counter.bytes_served + excluded.bytes_served,
                      bytes_stored = cache_counter.bytes_stored + excluded.bytes_stored, evictions = cache_counter.evictions + excluded.evictions
                    """, logger: self.logger)
            }
            try await self.recordCacheUsage(batch, on: connection)
            let kept = batch.entries.filter { $0.kept != nil }
            if !kept.isEmpty {
                try await connection.run(
                    """
                    INSERT INTO cache_entry (protocol_name, namespace, entry_key, size, last_access_at)
                    SELECT * FROM unnest(\(kept.map(\.protocolName))::text[], \(kept.map(\.namespace))::text[], \(kept.map(\.key))::text[],
                        \(kept.map { $0.kept?.size ?? 0 })::bigint[],
                        \(kept.map { PostgresTime.stored($0.kept?.lastAccess ?? Date(timeIntervalSince1970: 0)) })::timestamptz[])
                    ON CONFLICT (protocol_name, namespace, entry_key) DO UPDATE SET
                      size = excluded.size, last_access_at = GREATEST(cache_entry.last_access_at, excluded.last_access_at)
                    """, logger: self.logger)
            }
            let deleted = batch.entries.filter { $0.kept == nil }
            if !deleted.isEmpty {
                try await connection.run(
                    """
                    DELETE FROM cache_entry USING unnest(\(deleted.map(\.protocolName))::text[], \(deleted.map(\.namespace))::text[],
                        \(deleted.map(\.key))::text[]) AS d(p, n, k)
                    WHERE cache_entry.protocol_name = d.p AND cache_entry.namespace = d.n AND cache_entry.entry_key = d.k
                    """, logger: self.logger)
            }
        }
    }

    /// Kept entries (of every namespace, or of `namespace`), least recently used first, at
    /// most `limit` (1…10,000).
    public func leastRecentlyUsedCacheEntries(limit: Int, namespace: String?) async throws(StoreError) -> [CacheEntryTouch] {
        try await read { connection in
            let rows = try await connection.boundedQuery(
                """
                SELECT protocol_name, namespace, entry_key, size, last_access_at FROM cache_entry
                WHERE (\(namespace)::text IS NULL OR namespace = \(namespace))
                ORDER BY last_access_at, protocol_name COLLATE "C", namespace COLLATE "C", entry_key COLLATE "C"
                LIMIT \(Int64(min(max(limit, 1), 10_000)))
                """, logger: self.logger)
            var entries: [CacheEntryTouch] = []
            for try await (protocolName, namespace, key, size, lastAccess) in rows.decode((String, String, String, Int64, Date).self) {
                entries.append(CacheEntryTouch(protocolName: protocolName, namespace: namespace, key: key, size: size, lastAccess: lastAccess))
            }
            return entries
        }
    }

    /// Keys kept in one protocol and namespace starting with `prefix`, after `after` in the
    /// key column's own collation (not "C": the primary key's index then serves both the range
    /// and the order, so a page of a large namespace reads a page), at most `limit` (1…10,000).
    public func cacheEntryKeys(protocolName: String, namespace: String, prefix: String, after: String?, limit: Int) async throws(StoreError) -> [String] {
        try await read { connection in
            try await connection.values(
                """
                SELECT entry_key FROM cache_entry
                WHERE protocol_name = \(protocolName) AND namespace = \(namespace)
                  AND left(entry_key, length(\(prefix)::text)) = \(prefix)::text
                  AND (\(after)::text IS NULL OR entry_key > \(after)::text)
                ORDER BY entry_key
                LIMIT \(Int64(min(max(limit, 1), 10_000)))
                """, as: String.self, logger: self.logger)
        }
    }

    /// The totals with the kept entries' count and bytes, by protocol then namespace.
    public func cacheStatistics() async throws(StoreError) -> [CacheNamespaceStatistics] {
        try await read { connection in
            let rows = try await connection.boundedQuery(
                """
                SELECT c.protocol_name, c.namespace, c.hits, c.misses, c.uploads, c.bytes_served, c.bytes_stored, c.evictions,
                       COALESCE(e.entries, 0)::bigint, COALESCE(e.bytes, 0)::bigint
                FROM cache_counter c
                LEFT JOIN (SELECT protocol_name, namespace, COUNT(*) AS entries, SUM(size) AS bytes FROM cache_entry GROUP BY protocol_name, namespace) e
                  ON e.protocol_name = c.protocol_name AND e.namespace = c.namespace
                ORDER BY c.protocol_name COLLATE "C", c.namespace COLLATE "C"
                """, logger: self.logger)
            var statistics: [CacheNamespaceStatistics] = []
            for try await (protocolName, namespace, hits, misses, uploads, served, stored, evictions, entries, bytes)
                in rows.decode((String, String, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64).self) {
                statistics.append(CacheNamespaceStatistics(
                    protocol: protocolName, namespace: namespace, hits: hits, misses: misses, uploads: uploads,
                    bytesServed: served, bytesStored: stored, evictions: evictions, entries: entries, entryBytes: bytes))
            }
            return statistics
        }
    }
}
