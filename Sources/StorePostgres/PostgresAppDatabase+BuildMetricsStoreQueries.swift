import BuildMetrics
import Foundation
import NIOCore
import PostgresNIO
import Store

// MARK: - Reading rollups

extension PostgresAppDatabase {
    /// One rollup row as the tallies take it.
    struct RollupRow {
        /// Its UTC day.
        var day: Int
        /// The summed columns.
        var sums: RollupTotals.Sums
        /// The run histogram, when read.
        var runs: Data?
        /// The queue histogram, when read.
        var queues: Data?
        /// The total histogram, when read.
        var totals: Data?
        /// The `extra` column asked for (the grouping column, or the build system).
        var extra: String?
    }

    /// Hands `body` each rollup row of `days` matching the query's filters, from the table that
    /// serves the query (``RollupTable/serving(_:)``), with the histograms when asked and the
    /// `extra` column. Rows are decoded as they arrive, by position, never held all at once: a
    /// 90-day per-branch summary reads some 100,000 of them.
    func forEachRollupRow(
        _ query: MetricsQuery, days: ClosedRange<Int>, extra: String?, histograms: Bool, on connection: PostgresConnection,
        _ body: (RollupRow) -> Void
    ) async throws {
        var sql = "SELECT day, " + Self.rollupSumColumns.joined(separator: ", ")
        if histograms { sql += ", duration_histogram, queue_histogram, total_histogram" }
        if let extra { sql += ", \(extra)" }
        sql += " FROM \(RollupTable.serving(query).postgresName) WHERE day BETWEEN $1 AND $2"
        var bindings = PostgresBindings()
        bindings.append(Int32(clamping: days.lowerBound))
        bindings.append(Int32(clamping: days.upperBound))
        for (column, value) in [("repository", query.repository), ("pipeline", query.pipeline), ("branch", query.branch), ("platform", query.platform)] {
            guard let value else { continue }
            bindings.append(value)
            sql += " AND \(column) = $\(bindings.count)"
        }
        let rows = try await connection.boundedQuery(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger)
        let extraColumn = histograms ? 22 : 19
        for try await row in rows {
            let columns = row.makeRandomAccess()
            /// An `integer` column as an `Int`.
            func int(_ index: Int) throws -> Int { Int(try columns[index].decode(Int32.self)) }
            let sums = RollupTotals.Sums(
                count: try int(1), succeeded: try int(2), failed: try int(3), canceled: try int(4), waitedBuilds: try int(5),
                runSum: try columns[6].decode(Double.self), queueSum: try columns[7].decode(Double.self),
                waitedSeconds: try columns[8].decode(Double.self), waitedRunSeconds: try columns[9].decode(Double.self),
                totalSum: try columns[10].decode(Double.self),
                cache: .counts(
                    executed: try int(11), failed: try int(12), fromCache: try int(13), localHits: try int(14), remoteHits: try int(15),
                    upToDate: try int(16), noSource: try int(17), skipped: try int(18)))
            var rollup = RollupRow(day: try int(0), sums: sums, extra: extra == nil ? nil : try columns[extraColumn].decode(String.self))
            if histograms {
                rollup.runs = Data(try columns[19].decode(ByteBuffer.self).readableBytesView)
                rollup.queues = Data(try columns[20].decode(ByteBuffer.self).readableBytesView)
                rollup.totals = Data(try columns[21].decode(ByteBuffer.self).readableBytesView)
            }
            body(rollup)
        }
    }

    // MARK: Summary

    /// Percentiles, success rate and counts per group from the rollups, current vs previous
    /// window (``MetricsSummaryTally``).
    public func metricsSummary(_ query: MetricsQuery, now: Date) async throws(StoreError) -> MetricsSummary {
        try await read { connection in
            var tally = MetricsSummaryTally(query, now: now)
            try await self.forEachRollupRow(query, days: tally.days, extra: query.groupBy?.rawValue, histograms: true, on: connection) { row in
                tally.add(day: row.day, group: row.extra, sums: row.sums, runs: row.runs, queues: row.queues, totals: row.totals)
            }
            return tally.summary
        }
    }

    // MARK: Cache

    /// Hit rates by build system and day (rollups) and by task and target (detail rows of the
    /// window, which retention bounds), the most-missing first (``CacheReportTally``).
    public func cacheReport(_ query: MetricsQuery, now: Date) async throws(StoreError) -> CacheReport {
        try await read { connection in
            var tally = CacheReportTally(query, now: now)
            try await self.forEachRollupRow(query, days: tally.days, extra: "build_system", histograms: false, on: connection) { row in
                tally.add(day: row.day, buildSystem: row.extra ?? "", sums: row.sums)
            }
            return tally.report(
                byTask: try await self.taskCacheRates(query, since: tally.start, column: "t.name", on: connection),
                byTarget: try await self.taskCacheRates(query, since: tally.start, column: "coalesce(t.target, '(none)')", on: connection))
        }
    }

    /// Per-task (or per-target) counts over the detail rows since `start` (job reports'
    /// included, as on SQLite), the most-missing first, then by name in byte order.
    private func taskCacheRates(_ query: MetricsQuery, since start: Date, column: String, on connection: PostgresConnection) async throws -> [NamedCacheRates] {
        var sql = """
            SELECT \(column) AS name,
              count(*) FILTER (WHERE t.outcome = 'executed'), count(*) FILTER (WHERE t.outcome = 'failed'),
              count(*) FILTER (WHERE t.outcome = 'fromCache'), count(*) FILTER (WHERE t.outcome = 'fromCache' AND t.cache_kind = 'local'),
              count(*) FILTER (WHERE t.outcome = 'fromCache' AND t.cache_kind = 'remote'), count(*) FILTER (WHERE t.outcome = 'upToDate'),
              count(*) FILTER (WHERE t.outcome = 'noSource'), count(*) FILTER (WHERE t.outcome = 'skipped')
            FROM metric_build b JOIN metric_task t ON t.build_id = b.id
            WHERE b.finished_at >= $1
            """
        var bindings = PostgresBindings()
        bindings.append(PostgresTime.stored(start))
        for (name, value) in [("repository", query.repository), ("pipeline", query.pipeline), ("branch", query.branch), ("platform", query.platform)] {
            guard let value else { continue }
            bindings.append(value)
            sql += " AND b.\(name) = $\(bindings.count)"
        }
        // Byte order (`C`), as SQLite compares text, so both backends list ties alike.
        sql += """
             GROUP BY 1 ORDER BY count(*) FILTER (WHERE t.outcome IN ('executed', 'failed')) DESC, (\(column)) COLLATE "C"
             LIMIT \(CacheReportTally.taskLimit)
            """
        let rows = try await connection.boundedQuery(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: logger)
        var rates: [NamedCacheRates] = []
        for try await (name, executed, failed, fromCache, local, remote, upToDate, noSource, skipped)
            in rows.decode((String, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64).self) {
            rates.append(NamedCacheRates(name: name, rates: CacheRates(.counts(
                executed: Int(executed), failed: Int(failed), fromCache: Int(fromCache), localHits: Int(local), remoteHits: Int(remote),
                upToDate: Int(upToDate), noSource: Int(noSource), skipped: Int(skipped)))))
        }
        return rates
    }
}
