import BuildMetrics
import Foundation
import GRDB
import Store

// MARK: - Summary

extension AppDatabase {
    /// Percentiles, success rate and counts per group from the rollups, current vs previous window.
    public func metricsSummary(_ query: MetricsQuery, now: Date) async throws(StoreError) -> MetricsSummary {
        try await read { db in try Self.metricsSummary(query, now: now, in: db) }
    }

    static func metricsSummary(_ query: MetricsQuery, now: Date, in db: Database) throws -> MetricsSummary {
        var tally = MetricsSummaryTally(query, now: now)
        let grouped = query.groupBy != nil
        // A cursor, and the group column by position: a 90-day per-branch summary sums some
        // 100,000 rows, and copying each row or finding a column by name shows in its time.
        let rows = try rollupCursor(query, days: tally.days, extra: query.groupBy.map { [$0.rawValue] } ?? [], in: db)
        while let row = try rows.next() {
            let histograms = rollupHistograms(row)
            tally.add(
                day: row[0], group: grouped ? row[rollupExtraColumn] as String : nil, sums: rollupSums(row),
                runs: histograms.runs, queues: histograms.queues, totals: histograms.totals)
        }
        return tally.summary
    }
}

// MARK: - Cache

extension AppDatabase {
    /// Hit rates by build system and day (rollups) and by task and target (detail rows of
    /// the window, which retention bounds), the most-missing first.
    public func cacheReport(_ query: MetricsQuery, now: Date) async throws(StoreError) -> CacheReport {
        try await read { db in
            var tally = CacheReportTally(query, now: now)
            for row in try Self.rollupRows(query, days: tally.days, extra: ["buildSystem"], histograms: false, in: db) {
                tally.add(day: row[0], buildSystem: row["buildSystem"], sums: Self.rollupSums(row))
            }
            return tally.report(
                byTask: try Self.taskCacheRates(query, since: tally.start, column: "t.name", in: db),
                byTarget: try Self.taskCacheRates(query, since: tally.start, column: "COALESCE(t.target, '(none)')", in: db))
        }
    }

    /// Per-task (or per-target) counts over the detail rows since `start`, the 20 most-missing.
    private static func taskCacheRates(_ query: MetricsQuery, since start: Date, column: String, in db: Database) throws -> [NamedCacheRates] {
        var sql = """
            SELECT \(column) AS name,
              SUM(t.outcome = 'executed') AS executed, SUM(t.outcome = 'failed') AS failed,
              SUM(t.outcome = 'fromCache') AS fromCache, SUM(t.outcome = 'fromCache' AND t.cacheKind = 'local') AS localHits,
              SUM(t.outcome = 'fromCache' AND t.cacheKind = 'remote') AS remoteHits, SUM(t.outcome = 'upToDate') AS upToDate,
              SUM(t.outcome = 'noSource') AS noSource, SUM(t.outcome = 'skipped') AS skipped
            FROM metricBuild b JOIN metricTask t ON t.buildID = b.id
            WHERE b.finishedAt >= ?
            """
        var arguments: [(any DatabaseValueConvertible)?] = [StoredDate(start)]
        for (name, value) in [("repository", query.repository), ("pipeline", query.pipeline), ("branch", query.branch), ("platform", query.platform)] {
            guard let value else { continue }
            sql += " AND b.\(name) = ?"
            arguments.append(value)
        }
        sql += " GROUP BY 1 ORDER BY executed + failed DESC, name LIMIT \(CacheReportTally.taskLimit)"
        return try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)).map { row in
            NamedCacheRates(name: row["name"], rates: CacheRates(.counts(
                executed: row["executed"], failed: row["failed"], fromCache: row["fromCache"], localHits: row["localHits"],
                remoteHits: row["remoteHits"], upToDate: row["upToDate"], noSource: row["noSource"], skipped: row["skipped"])))
        }
    }
}
