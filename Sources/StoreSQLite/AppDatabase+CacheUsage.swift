import Foundation
import GRDB
import Store

extension AppDatabase {
    /// Adds a batch's counts per day and per build, inside the batch's transaction.
    static func recordCacheUsage(_ batch: CacheActivityBatch, in db: Database) throws {
        for delta in batch.daily {
            let counts = delta.counts
            try db.execute(
                sql: """
                    INSERT INTO cacheDailyCounter (day, protocolName, namespace, hits, misses, uploads, bytesServed, bytesStored)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (day, protocolName, namespace) DO UPDATE SET
                      hits = hits + excluded.hits, misses = misses + excluded.misses, uploads = uploads + excluded.uploads,
                      bytesServed = bytesServed + excluded.bytesServed, bytesStored = bytesStored + excluded.bytesStored
                    """,
                arguments: [
                    StoredDate(delta.day), delta.protocolName, delta.namespace, counts.hits, counts.misses, counts.uploads, counts.bytesServed,
                    counts.bytesStored,
                ])
        }
        for delta in batch.builds {
            let counts = delta.counts
            try db.execute(
                sql: """
                    INSERT INTO cacheBuildCounter (buildID, hits, misses, uploads, bytesServed, bytesStored) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (buildID) DO UPDATE SET
                      hits = hits + excluded.hits, misses = misses + excluded.misses, uploads = uploads + excluded.uploads,
                      bytesServed = bytesServed + excluded.bytesServed, bytesStored = bytesStored + excluded.bytesStored
                    """,
                arguments: [delta.buildID, counts.hits, counts.misses, counts.uploads, counts.bytesServed, counts.bytesStored])
        }
    }

    /// The counts of each day from `since`'s day on, by day, protocol and namespace.
    public func cacheDailyStatistics(since: Date) async throws(StoreError) -> [CacheDailyStatistics] {
        let first = CacheDailyDelta.start(ofDayContaining: since)
        return try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM cacheDailyCounter WHERE day >= ? ORDER BY day, protocolName, namespace", arguments: [StoredDate(first)]
            ).map { row in
                CacheDailyStatistics(
                    day: row[date: "day"], protocol: row["protocolName"], namespace: row["namespace"],
                    counts: CacheUsageDelta(
                        hits: row["hits"], misses: row["misses"], uploads: row["uploads"], bytesServed: row["bytesServed"], bytesStored: row["bytesStored"]))
            }
        }
    }

    /// Build `buildID`'s counts; zeros when there are none.
    public func cacheBuildStatistics(buildID: Int64) async throws(StoreError) -> CacheBuildStatistics {
        try await read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM cacheBuildCounter WHERE buildID = ?", arguments: [buildID]) else {
                return CacheBuildStatistics(buildID: buildID, counts: CacheUsageDelta())
            }
            return CacheBuildStatistics(
                buildID: buildID,
                counts: CacheUsageDelta(
                    hits: row["hits"], misses: row["misses"], uploads: row["uploads"], bytesServed: row["bytesServed"], bytesStored: row["bytesStored"]))
        }
    }

    /// The credential key: `candidate` when none was kept yet.
    public func cacheCredentialKey(proposing candidate: String) async throws(StoreError) -> String {
        try await write { db in
            try db.execute(sql: "INSERT INTO cacheCredentialKey (id, secret) VALUES (1, ?) ON CONFLICT (id) DO NOTHING", arguments: [candidate])
            return try String.fetchOne(db, sql: "SELECT secret FROM cacheCredentialKey WHERE id = 1") ?? candidate
        }
    }
}
