import BuildMetrics
import Core
import Foundation
import GRDB

// MARK: - Regression detection

/// One series' points for both metrics, read before the write transaction.
private struct SeriesPoints {
    var repository: String
    var pipeline: String
    var platform: String
    var durations: [TimeSeriesPoint] = []
    var hitRates: [TimeSeriesPoint] = []
    var key: String { "\(repository) · \(pipeline) · \(platform)" }
}

extension AppDatabase {
    /// Evaluates the busiest series with builds in the recent window. Points are read first;
    /// then one write applies each series' ``RegressionMonitor`` to its stored state, so two
    /// servers evaluating at once still record each regression once (the state is re-read
    /// under the write lock, and the regression's key is unique).
    public func evaluateRegressions(_ settings: RegressionSettings, now: Date) throws(StoreError) -> [StoredRegression] {
        let series = try read { db in try Self.seriesPoints(settings, now: now, in: db) }
        guard !series.isEmpty else { return [] }
        return try write { db in
            var opened: [StoredRegression] = []
            for points in series {
                for (metric, values, parameters) in [("duration", points.durations, settings.duration), ("cacheHitRate", points.hitRates, settings.cacheHitRate)] {
                    if let regression = try Self.observe(points, metric: metric, values: values, parameters: parameters, now: now, in: db) {
                        opened.append(regression)
                    }
                }
            }
            return opened
        }
    }

    /// Points of the series with recent builds, the busiest first, at most `maxSeries`.
    private static func seriesPoints(_ settings: RegressionSettings, now: Date, in db: Database) throws -> [SeriesPoints] {
        let recent = max(settings.duration.recentSeconds, settings.cacheHitRate.recentSeconds)
        let span = max(settings.duration.recentSeconds + settings.duration.baselineSeconds,
                       settings.cacheHitRate.recentSeconds + settings.cacheHitRate.baselineSeconds)
        let busiest = try Row.fetchAll(
            db, sql: """
                SELECT repository, pipeline, platform, SUM(count) AS builds FROM metricDailySeries WHERE day >= ?
                GROUP BY repository, pipeline, platform ORDER BY builds DESC LIMIT ?
                """,
            arguments: [MetricsCalendar.day(of: now.addingTimeInterval(-recent)), max(1, settings.maxSeries)])
        let points = try db.cachedStatement(sql: """
            SELECT finishedAt, durationSeconds, tasksExecuted + tasksFailed + tasksFromCache AS needed, tasksFromCache
            FROM metricBuild WHERE repository = ? AND pipeline IS ? AND platform IS ? AND finishedAt > ? AND finishedAt <= ? AND unit = 'build'
            """)
        return try busiest.map { row in
            var series = SeriesPoints(repository: row["repository"], pipeline: row["pipeline"], platform: row["platform"])
            let arguments: StatementArguments = [
                series.repository, series.pipeline.isEmpty ? nil : series.pipeline, series.platform.isEmpty ? nil : series.platform,
                StoredDate(now.addingTimeInterval(-span)), StoredDate(now),
            ]
            for point in try Row.fetchAll(points, arguments: arguments) {
                let date = (point["finishedAt"] as StoredDate).date
                series.durations.append(TimeSeriesPoint(date: date, value: point["durationSeconds"]))
                let needed: Int = point["needed"]
                if needed > 0 { series.hitRates.append(TimeSeriesPoint(date: date, value: Double(point["tasksFromCache"] as Int) / Double(needed))) }
            }
            return series
        }
    }

    /// Applies one metric's monitor to its stored state; records the regression it opens.
    private static func observe(
        _ series: SeriesPoints, metric: String, values: [TimeSeriesPoint], parameters: RegressionParameters, now: Date, in db: Database
    ) throws -> StoredRegression? {
        let wasRegressed = try Bool.fetchOne(
            db, sql: "SELECT isRegressed FROM metricSeries WHERE seriesKey = ? AND metric = ?", arguments: [series.key, metric]) ?? false
        var monitor = RegressionMonitor(seriesKey: series.key, parameters: parameters, isRegressed: wasRegressed)
        let found = monitor.observe(values, at: now)
        try db.execute(
            sql: """
                INSERT INTO metricSeries (seriesKey, metric, isRegressed, evaluatedAt) VALUES (?, ?, ?, ?)
                ON CONFLICT(seriesKey, metric) DO UPDATE SET isRegressed = excluded.isRegressed, evaluatedAt = excluded.evaluatedAt
                """,
            arguments: [series.key, metric, monitor.isRegressed, StoredDate(now)])
        if wasRegressed, !monitor.isRegressed {
            try db.execute(
                sql: "UPDATE metricRegression SET resolvedAt = ? WHERE seriesKey = ? AND metric = ? AND resolvedAt IS NULL",
                arguments: [StoredDate(now), series.key, metric])
        }
        guard let found else { return nil }
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO metricRegression (seriesKey, repository, pipeline, platform, metric, openedDay, detectedAt,
                  baselineMedian, recentMedian, changePercent, baselineSamples, recentSamples)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                series.key, series.repository, label(series.pipeline), label(series.platform), metric, MetricsCalendar.day(of: now), StoredDate(now),
                found.baselineMedian, found.recentMedian, found.changePercent, found.baselineSamples, found.recentSamples,
            ])
        guard db.changesCount > 0 else { return nil }
        let stored = StoredRegression(
            id: db.lastInsertedRowID, seriesKey: series.key, repository: series.repository, pipeline: label(series.pipeline),
            platform: label(series.platform), metric: metric, detectedAt: now, baselineMedian: found.baselineMedian,
            recentMedian: found.recentMedian, changePercent: found.changePercent, baselineSamples: found.baselineSamples,
            recentSamples: found.recentSamples, resolvedAt: nil)
        try announce(stored, in: db)
        return stored
    }

    /// The outbox message (kind `regression`) and the feed's notable event, in the same transaction.
    private static func announce(_ regression: StoredRegression, in db: Database) throws {
        var message = OutboxRecord(kind: RegressionAnnouncement.kind, payload: try encodeJSON(regression, dates: .utcISO8601), at: regression.detectedAt)
        try message.insert(db)
        let what = regression.metric == "duration"
            ? String(format: "median run time rose %.0f%% (%.0fs → %.0fs)", regression.changePercent, regression.baselineMedian, regression.recentMedian)
            : String(format: "median cache hit rate fell %.0f%% (%.0f%% → %.0f%%)", -regression.changePercent,
                     regression.baselineMedian * 100, regression.recentMedian * 100)
        try recordNotableEvent(NotableEvent(
            kind: "metrics.regression", title: "\(regression.seriesKey): \(what)",
            summary: "Over the last builds (\(regression.recentSamples)) compared with the \(regression.baselineSamples) before, the \(what).",
            url: "/api/v1/metrics/regressions", occurredAt: regression.detectedAt), in: db)
    }

    // MARK: Listing

    /// Recorded regressions, newest first.
    public func regressions(openOnly: Bool, limit: Int) throws(StoreError) -> [StoredRegression] {
        try read { db in try Self.regressions(openOnly: openOnly, limit: limit, in: db) }
    }

    static func regressions(openOnly: Bool, limit: Int, in db: Database) throws -> [StoredRegression] {
        let filter = openOnly ? "WHERE resolvedAt IS NULL" : ""
        return try Row.fetchAll(
            db, sql: "SELECT * FROM metricRegression \(filter) ORDER BY detectedAt DESC, id DESC LIMIT ?",
            arguments: [min(max(limit, 1), 500)]
        ).map { row in
            StoredRegression(
                id: row["id"], seriesKey: row["seriesKey"], repository: row["repository"], pipeline: row["pipeline"],
                platform: row["platform"], metric: row["metric"], detectedAt: row[date: "detectedAt"], baselineMedian: row["baselineMedian"],
                recentMedian: row["recentMedian"], changePercent: row["changePercent"], baselineSamples: row["baselineSamples"],
                recentSamples: row["recentSamples"], resolvedAt: row[optionalDate: "resolvedAt"])
        }
    }

    private static func label(_ value: String) -> String { value.isEmpty ? "(none)" : value }
}
