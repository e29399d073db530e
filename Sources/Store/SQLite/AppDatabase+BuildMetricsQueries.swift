import BuildMetrics
import Foundation
import GRDB

// MARK: - Summary

extension AppDatabase {
    /// Percentiles, success rate and counts per group from the rollups, current vs previous window.
    public func metricsSummary(_ query: MetricsQuery, now: Date) throws(StoreError) -> MetricsSummary {
        try read { db in try Self.metricsSummary(query, now: now, in: db) }
    }

    static func metricsSummary(_ query: MetricsQuery, now: Date, in db: Database) throws -> MetricsSummary {
        let (current, previous) = MetricsCalendar.windows(query, now: now)
        let column = query.groupBy?.rawValue
        var currentTotals: [String?: RollupTotals] = [:]
        var previousTotals: [String?: RollupTotals] = [:]
        var waited: [Int: RollupTotals] = [:]
        // A cursor, and the group column by position: a 90-day per-branch summary sums some
        // 100,000 rows, and copying each row or finding a column by name shows in its time.
        let rows = try rollupCursor(query, days: previous.lowerBound...current.upperBound, extra: column.map { [$0] } ?? [], in: db)
        while let row = try rows.next() {
            let day: Int = row[0]
            let key: String? = column.map { _ in
                let value: String = row[rollupExtraColumn]
                return value.isEmpty ? "(none)" : value
            }
            if current.contains(day) {
                currentTotals[key, default: RollupTotals()].add(row)
                waited[day, default: RollupTotals()].add(row, histograms: false)
            } else {
                previousTotals[key, default: RollupTotals()].add(row)
            }
        }
        var keys = Set(currentTotals.keys).union(previousTotals.keys)
        if column == nil { keys = [nil] }
        let groups = keys.map { key in
            let now = (currentTotals[key] ?? RollupTotals()).statistics
            let before = (previousTotals[key] ?? RollupTotals()).statistics
            return SummaryGroup(key: key, current: now, previous: before, change: WindowChange(current: now, previous: before))
        }.sorted { ($0.current.count, $1.key ?? "") > ($1.current.count, $0.key ?? "") }
        return MetricsSummary(
            window: MetricsCalendar.window(current, now: now), previousWindow: MetricsCalendar.window(previous, now: now), groupBy: query.groupBy,
            groups: groups, waiting: WaitingCostRollup.summarize(waited, days: current, now: now, speedupPercent: query.speedupPercent))
    }
}

// MARK: - Cache

extension AppDatabase {
    /// Hit rates by build system and day (rollups) and by task and target (detail rows of
    /// the window, which retention bounds), the most-missing first.
    public func cacheReport(_ query: MetricsQuery, now: Date) throws(StoreError) -> CacheReport {
        try read { db in
            let (current, _) = MetricsCalendar.windows(query, now: now)
            let rows = try Self.rollupRows(query, days: current, extra: ["buildSystem"], histograms: false, in: db)
            var overall = RollupTotals(), bySystem: [String: RollupTotals] = [:], byDay: [Int: RollupTotals] = [:]
            for row in rows {
                overall.add(row, histograms: false)
                bySystem[row["buildSystem"], default: RollupTotals()].add(row, histograms: false)
                byDay[row["day"], default: RollupTotals()].add(row, histograms: false)
            }
            let trend = byDay.keys.sorted().compactMap { day -> DailyCacheRate? in
                guard let cache = byDay[day]?.cache, cache.executed + cache.failed + cache.fromCache + cache.upToDate > 0 else { return nil }
                return DailyCacheRate(day: MetricsCalendar.date(ofDay: day), hitRate: cache.hitRate, fromCache: cache.fromCache, executed: cache.executed + cache.failed)
            }
            let start = MetricsCalendar.date(ofDay: current.lowerBound)
            return CacheReport(
                window: MetricsCalendar.window(current, now: now), overall: CacheRates(overall.cache),
                byBuildSystem: bySystem.keys.sorted().compactMap { name in bySystem[name].map { NamedCacheRates(name: name, rates: CacheRates($0.cache)) } },
                trend: trend,
                byTask: try Self.taskCacheRates(query, since: start, column: "t.name", in: db),
                byTarget: try Self.taskCacheRates(query, since: start, column: "COALESCE(t.target, '(none)')", in: db))
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
        sql += " GROUP BY 1 ORDER BY executed + failed DESC, name LIMIT 20"
        return try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)).map { row in
            NamedCacheRates(name: row["name"], rates: CacheRates(.counts(
                executed: row["executed"], failed: row["failed"], fromCache: row["fromCache"], localHits: row["localHits"],
                remoteHits: row["remoteHits"], upToDate: row["upToDate"], noSource: row["noSource"], skipped: row["skipped"])))
        }
    }
}
