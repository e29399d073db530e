import BuildMetrics
import Core
import Foundation
import GRDB
import Store

// MARK: - Regression detection

extension AppDatabase {
    /// Evaluates the busiest series with builds in the recent window. Points are read first;
    /// then one write applies each series' ``RegressionMonitor`` to its stored state, so two
    /// servers evaluating at once still record each regression once (the state is re-read
    /// under the write lock, and the regression's key is unique).
    public func evaluateRegressions(_ settings: RegressionSettings, now: Date) async throws(StoreError) -> [StoredRegression] {
        let series = try await read { db in try Self.seriesPoints(settings, now: now, in: db) }
        guard !series.isEmpty else { return [] }
        return try await write { db in
            var opened: [StoredRegression] = []
            for points in series {
                for (metric, values, parameters) in points.metrics(settings) {
                    if let regression = try Self.observe(points, metric: metric, values: values, parameters: parameters, now: now, in: db) {
                        opened.append(regression)
                    }
                }
            }
            return opened
        }
    }

    /// Points of the series with recent builds, the busiest first (then by name, so both
    /// backends pick and order the same series), at most `maxSeries`.
    private static func seriesPoints(_ settings: RegressionSettings, now: Date, in db: Database) throws -> [RegressionSeries] {
        let (recent, span) = RegressionSeries.lookback(settings)
        let busiest = try Row.fetchAll(
            db, sql: """
                SELECT repository, pipeline, platform, SUM(count) AS builds FROM metricDailySeries WHERE day >= ?
                GROUP BY repository, pipeline, platform ORDER BY builds DESC, repository, pipeline, platform LIMIT ?
                """,
            arguments: [MetricsCalendar.day(of: now.addingTimeInterval(-recent)), max(1, settings.maxSeries)])
        let points = try db.cachedStatement(sql: """
            SELECT finishedAt, durationSeconds, tasksExecuted + tasksFailed + tasksFromCache AS needed, tasksFromCache
            FROM metricBuild WHERE repository = ? AND pipeline IS ? AND platform IS ? AND finishedAt > ? AND finishedAt <= ? AND unit = 'build'
            """)
        return try busiest.map { row in
            var series = RegressionSeries(repository: row["repository"], pipeline: row["pipeline"], platform: row["platform"])
            let arguments: StatementArguments = [
                series.repository, series.pipeline.isEmpty ? nil : series.pipeline, series.platform.isEmpty ? nil : series.platform,
                StoredDate(now.addingTimeInterval(-span)), StoredDate(now),
            ]
            for point in try Row.fetchAll(points, arguments: arguments) {
                series.add(
                    finishedAt: (point["finishedAt"] as StoredDate).date, runSeconds: point["durationSeconds"], needed: point["needed"],
                    fromCache: point["tasksFromCache"])
            }
            return series
        }
    }

    /// Applies one metric's monitor to its stored state; records the regression it opens.
    private static func observe(
        _ series: RegressionSeries, metric: String, values: [TimeSeriesPoint], parameters: RegressionParameters, now: Date, in db: Database
    ) throws -> StoredRegression? {
        let wasRegressed = try Bool.fetchOne(
            db, sql: "SELECT isRegressed FROM metricSeries WHERE seriesKey = ? AND metric = ?", arguments: [series.key, metric]) ?? false
        let (isRegressed, found) = series.observe(values, parameters: parameters, wasRegressed: wasRegressed, now: now)
        try db.execute(
            sql: """
                INSERT INTO metricSeries (seriesKey, metric, isRegressed, evaluatedAt) VALUES (?, ?, ?, ?)
                ON CONFLICT(seriesKey, metric) DO UPDATE SET isRegressed = excluded.isRegressed, evaluatedAt = excluded.evaluatedAt
                """,
            arguments: [series.key, metric, isRegressed, StoredDate(now)])
        if wasRegressed, !isRegressed {
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
                series.key, series.repository, RegressionSeries.label(series.pipeline), RegressionSeries.label(series.platform), metric,
                MetricsCalendar.day(of: now), StoredDate(now), found.baselineMedian, found.recentMedian, found.changePercent,
                found.baselineSamples, found.recentSamples,
            ])
        guard db.changesCount > 0 else { return nil }
        let stored = series.stored(found, metric: metric, id: db.lastInsertedRowID, now: now)
        // The outbox message (kind `regression`) and the feed's notable event, in the same transaction.
        var message = OutboxRecord(kind: RegressionAnnouncement.kind, payload: try stored.outboxPayload(), at: stored.detectedAt)
        try message.insert(db)
        try recordNotableEvent(stored.notableEvent, in: db)
        return stored
    }

    // MARK: Listing

    /// Recorded regressions, newest first.
    public func regressions(openOnly: Bool, limit: Int) async throws(StoreError) -> [StoredRegression] {
        try await read { db in try Self.regressions(openOnly: openOnly, limit: limit, in: db) }
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
}
