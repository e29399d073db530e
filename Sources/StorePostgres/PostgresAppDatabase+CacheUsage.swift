import Foundation
import PostgresNIO
import Store

extension PostgresAppDatabase {
    /// Adds a batch's counts per day and per build, one statement each, inside the batch's
    /// transaction.
    func recordCacheUsage(_ batch: CacheActivityBatch, on connection: PostgresConnection) async throws {
        let daily = batch.daily
        if !daily.isEmpty {
            try await connection.run(
                """
                INSERT INTO cache_daily_counter (day, protocol_name, namespace, hits, misses, uploads, bytes_served, bytes_stored)
                SELECT * FROM unnest(\(daily.map { PostgresTime.stored($0.day) })::timestamptz[], \(daily.map(\.protocolName))::text[],
                    \(daily.map(\.namespace))::text[], \(daily.map(\.counts.hits))::bigint[], \(daily.map(\.counts.misses))::bigint[],
                    \(daily.map(\.counts.uploads))::bigint[], \(daily.map(\.counts.bytesServed))::bigint[], \(daily.map(\.counts.bytesStored))::bigint[])
                ON CONFLICT (day, protocol_name, namespace) DO UPDATE SET
                  hits = cache_daily_counter.hits + excluded.hits, misses = cache_daily_counter.misses + excluded.misses,
                  uploads = cache_daily_counter.uploads + excluded.uploads, bytes_served = cache_daily_counter.bytes_served + excluded.bytes_served,
                  bytes_stored = cache_daily_counter.bytes_stored + excluded.bytes_stored
                """, logger: self.logger)
        }
        let builds = batch.builds
        if !builds.isEmpty {
            try await connection.run(
                """
                INSERT INTO cache_build_counter (build_id, hits, misses, uploads, bytes_served, bytes_stored)
                SELECT * FROM unnest(\(builds.map(\.buildID))::bigint[], \(builds.map(\.counts.hits))::bigint[], \(builds.map(\.counts.misses))::bigint[],
                    \(builds.map(\.counts.uploads))::bigint[], \(builds.map(\.counts.bytesServed))::bigint[], \(builds.map(\.counts.bytesStored))::bigint[])
                ON CONFLICT (build_id) DO UPDATE SET
                  hits = cache_build_counter.hits + excluded.hits, misses = cache_build_counter.misses + excluded.misses,
                  uploads = cache_build_counter.uploads + excluded.uploads, bytes_served = cache_build_counter.bytes_served + excluded.bytes_served,
                  bytes_stored = cache_build_counter.bytes_stored + excluded.bytes_stored
                """, logger: self.logger)
        }
    }

    /// The counts of each day from `since`'s day on, by day, protocol and namespace.
    public func cacheDailyStatistics(since: Date) async throws(StoreError) -> [CacheDailyStatistics] {
        let first = PostgresTime.stored(CacheDailyDelta.start(ofDayContaining: since))
        return try await read { connection in
            let rows = try await connection.boundedQuery(
                """
                SELECT day, protocol_name, namespace, hits, misses, uploads, bytes_served, bytes_stored FROM cache_daily_counter
                WHERE day >= \(first) ORDER BY day, protocol_name COLLATE "C", namespace COLLATE "C"
                """, logger: self.logger)
            var days: [CacheDailyStatistics] = []
            for try await (day, protocolName, namespace, hits, misses, uploads, served, stored)
                in rows.decode((Date, String, String, Int64, Int64, Int64, Int64, Int64).self) {
                days.append(CacheDailyStatistics(
                    day: day, protocol: protocolName, namespace: namespace,
                    counts: CacheUsageDelta(hits: hits, misses: misses, uploads: uploads, bytesServed: served, bytesStored: stored)))
            }
            return days
        }
    }

    /// Build `buildID`'s counts; zeros when there are none.
    public func cacheBuildStatistics(buildID: Int64) async throws(StoreError) -> CacheBuildStatistics {
        try await read { connection in
            let rows = try await connection.boundedQuery(
                "SELECT hits, misses, uploads, bytes_served, bytes_stored FROM cache_build_counter WHERE build_id = \(buildID)", logger: self.logger)
            var counts = CacheUsageDelta()
            for try await (hits, misses, uploads, served, stored) in rows.decode((Int64, Int64, Int64, Int64, Int64).self) {
                counts = CacheUsageDelta(hits: hits, misses: misses, uploads: uploads, bytesServed: served, bytesStored: stored)
            }
            return CacheBuildStatistics(buildID: buildID, counts: counts)
        }
    }

    /// The credential key: `candidate` when none was kept yet.
    public func cacheCredentialKey(proposing candidate: String) async throws(StoreError) -> String {
        try await write { connection in
            try await connection.run(
                "INSERT INTO cache_credential_key (id, secret) VALUES (1, \(candidate)) ON CONFLICT (id) DO NOTHING", logger: self.logger)
            return try await connection.value("SELECT secret FROM cache_credential_key WHERE id = 1", as: String.self, logger: self.logger) ?? candidate
        }
    }
}
