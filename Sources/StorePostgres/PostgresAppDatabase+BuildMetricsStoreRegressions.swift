import BuildMetrics
import Core
import Foundation
import PostgresNIO
import Store

// MARK: - Regression detection

extension PostgresAppDatabase {
    /// Evaluates the busiest series with builds in the recent window (``RegressionSeries``).
    /// Points are read first; then one transaction locks the series' stored states, applies
    /// each monitor, and records the regressions that start now with their outbox message and
    /// notable event. Two servers evaluating at once record each regression once: the stored
    /// states are read `FOR UPDATE`, and a regression's key (series, metric, day) is unique, so
    /// the second insert of one finds it and announces nothing.
    public func evaluateRegressions(_ settings: RegressionSettings, now: Date) async throws(StoreError) -> [StoredRegression] {
        let series = try await read { connection in try await self.seriesPoints(settings, now: now, on: connection) }
        guard !series.isEmpty else { return [] }
        return try await write { connection in
            let keys = series.map(\.key)
            var states: [String: [String: Bool]] = [:]
            let rows = try await connection.boundedQuery(
                "SELECT series_key, metric, is_regressed FROM metric_series WHERE series_key = ANY(\(keys)) FOR UPDATE", logger: self.logger)
            for try await (key, metric, regressed) in rows.decode((String, String, Bool).self) { states[key, default: [:]][metric] = regressed }
            var stateKeys: [String] = [], stateMetrics: [String] = [], stateValues: [Bool] = []
            var recovered: [(key: String, metric: String)] = []
            var started: [(series: RegressionSeries, metric: String, found: Regression)] = []
            for points in series {
                for (metric, values, parameters) in points.metrics(settings) {
                    let wasRegressed = states[points.key]?[metric] ?? false
                    let (isRegressed, found) = points.observe(values, parameters: parameters, wasRegressed: wasRegressed, now: now)
                    stateKeys.append(points.key)
                    stateMetrics.append(metric)
                    stateValues.append(isRegressed)
                    if wasRegressed, !isRegressed { recovered.append((points.key, metric)) }
                    if let found { started.append((points, metric, found)) }
                }
            }
            let at = PostgresTime.stored(now)
            try await connection.run(
                """
                INSERT INTO metric_series (series_key, metric, is_regressed, evaluated_at)
                SELECT k, m, r, \(at) FROM unnest(\(stateKeys)::text[], \(stateMetrics)::text[], \(stateValues)::boolean[]) AS s(k, m, r)
                ON CONFLICT (series_key, metric) DO UPDATE SET is_regressed = excluded.is_regressed, evaluated_at = excluded.evaluated_at
                """, logger: self.logger)
            if !recovered.isEmpty {
                try await connection.run(
                    """
                    UPDATE metric_regression SET resolved_at = \(at)
                    FROM unnest(\(recovered.map(\.key))::text[], \(recovered.map(\.metric))::text[]) AS x(k, m)
                    WHERE series_key = x.k AND metric = x.m AND resolved_at IS NULL
                    """, logger: self.logger)
            }
            var opened: [StoredRegression] = []
            for (points, metric, found) in started {
                if let regression = try await self.record(found, of: points, metric: metric, now: now, on: connection) { opened.append(regression) }
            }
            return opened
        }
    }

    /// Records a regression that starts now, once: answers nil when it is recorded already.
    private func record(_ found: Regression, of series: RegressionSeries, metric: String, now: Date, on connection: PostgresConnection) async throws -> StoredRegression? {
        let id = try await connection.value(
            """
            INSERT INTO metric_regression (series_key, repository, pipeline, platform, metric, opened_day, detected_at,
              baseline_median, recent_median, change_percent, baseline_samples, recent_samples)
            VALUES (\(series.key), \(series.repository), \(RegressionSeries.label(series.pipeline)), \(RegressionSeries.label(series.platform)),
                    \(metric), \(Int32(clamping: MetricsCalendar.day(of: now))), \(PostgresTime.stored(now)), \(found.baselineMedian),
                    \(found.recentMedian), \(found.changePercent), \(Int32(clamping: found.baselineSamples)), \(Int32(clamping: found.recentSamples)))
            ON CONFLICT DO NOTHING
            RETURNING id
            """, as: Int64.self, logger: logger)
        guard let id else { return nil }
        let stored = series.stored(found, metric: metric, id: id, now: now)
        try await enqueueOutbox(kind: RegressionAnnouncement.kind, payload: try stored.outboxPayload(), at: stored.detectedAt, on: connection)
        try await recordNotableEvent(stored.notableEvent, on: connection)
        return stored
    }

    /// Points of the series with recent builds, the busiest first (then by name, in byte order
    /// as SQLite compares), at most `maxSeries`.
    private func seriesPoints(_ settings: RegressionSettings, now: Date, on connection: PostgresConnection) async throws -> [RegressionSeries] {
        let (recent, span) = RegressionSeries.lookback(settings)
        let busiest = try await connection.boundedQuery(
            """
            SELECT repository, pipeline, platform FROM metric_daily_series WHERE day >= \(Int32(clamping: MetricsCalendar.day(of: now.addingTimeInterval(-recent))))
            GROUP BY repository, pipeline, platform
            ORDER BY sum(count) DESC, repository COLLATE "C", pipeline COLLATE "C", platform COLLATE "C"
            LIMIT \(Int64(max(1, settings.maxSeries)))
            """, logger: logger)
        var series: [RegressionSeries] = []
        for try await (repository, pipeline, platform) in busiest.decode((String, String, String).self) {
            series.append(RegressionSeries(repository: repository, pipeline: pipeline, platform: platform))
        }
        let from = PostgresTime.stored(now.addingTimeInterval(-span)), to = PostgresTime.stored(now)
        for index in series.indices {
            let pipeline = series[index].pipeline.isEmpty ? nil : series[index].pipeline
            let platform = series[index].platform.isEmpty ? nil : series[index].platform
            // `= $n` or `IS NULL`, written apart: `IS NOT DISTINCT FROM` cannot use the series
            // index, and would read every build of the repository for each series.
            var bindings = PostgresBindings()
            bindings.append(series[index].repository)
            bindings.append(from)
            bindings.append(to)
            var sql = """
                SELECT finished_at, duration_seconds, tasks_executed + tasks_failed + tasks_from_cache, tasks_from_cache
                FROM metric_build
                WHERE repository = $1 AND finished_at > $2 AND finished_at <= $3 AND unit = 'build'
                """
            for (column, value) in [("pipeline", pipeline), ("platform", platform)] {
                if let value {
                    bindings.append(value)
                    sql += " AND \(column) = $\(bindings.count)"
                } else {
                    sql += " AND \(column) IS NULL"
                }
            }
            let points = try await connection.boundedQuery(PostgresQuery(unsafeSQL: sql + " ORDER BY finished_at, id", binds: bindings), logger: logger)
            for try await (finished, run, needed, fromCache) in points.decode((Date, Double, Int32, Int32).self) {
                series[index].add(finishedAt: finished, runSeconds: run, needed: Int(needed), fromCache: Int(fromCache))
            }
        }
        return series
    }

    // MARK: Listing

    /// Recorded regressions, newest first (open ones only when `openOnly`), at most `limit` (1…500).
    public func regressions(openOnly: Bool, limit: Int) async throws(StoreError) -> [StoredRegression] {
        try await read { connection in
            let rows = try await connection.boundedQuery(
                """
                SELECT id, series_key, repository, pipeline, platform, metric, detected_at, baseline_median, recent_median,
                  change_percent, baseline_samples, recent_samples, resolved_at
                FROM metric_regression WHERE NOT \(openOnly) OR resolved_at IS NULL
                ORDER BY detected_at DESC, id DESC LIMIT \(Int64(min(max(limit, 1), 500)))
                """, logger: self.logger)
            var regressions: [StoredRegression] = []
            for try await (id, key, repository, pipeline, platform, metric, detectedAt, baseline, recent, change, baselineSamples, recentSamples, resolvedAt)
                in rows.decode((Int64, String, String, String, String, String, Date, Double, Double, Double, Int32, Int32, Date?).self) {
                regressions.append(StoredRegression(
                    id: id, seriesKey: key, repository: repository, pipeline: pipeline, platform: platform, metric: metric,
                    detectedAt: detectedAt, baselineMedian: baseline, recentMedian: recent, changePercent: change,
                    baselineSamples: Int(baselineSamples), recentSamples: Int(recentSamples), resolvedAt: resolvedAt))
            }
            return regressions
        }
    }
}
