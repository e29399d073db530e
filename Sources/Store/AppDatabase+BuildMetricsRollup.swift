import BuildMetrics
import Foundation
import GRDB

// MARK: - Writing the daily rollup

/// One build's contribution to its `metricDaily` row.
struct RollupContribution {
    var day: Int
    var repository: String
    var pipeline: String
    var branch: String
    var platform: String
    var buildSystem: String
    var outcome: BuildOutcome
    var duration: Double
    var queue: Double
    var waitedOn: Bool
    /// In `AppDatabase.taskCounterColumns` order.
    var counters: [Int]
}

extension AppDatabase {
    /// Adds one build to its day's rollup row (creating it), inside the insert's transaction.
    /// The histograms are merged here; everything else is summed by SQL.
    static func addToRollup(_ build: RollupContribution, in db: Database) throws {
        let key: [(any DatabaseValueConvertible)?] = [build.day, build.repository, build.pipeline, build.branch, build.platform, build.buildSystem]
        let select = try db.cachedStatement(sql: """
            SELECT durationHistogram, queueHistogram FROM metricDaily
            WHERE day = ? AND repository = ? AND pipeline = ? AND branch = ? AND platform = ? AND buildSystem = ?
            """)
        let existing = try Row.fetchOne(select, arguments: StatementArguments(key))
        var durations = DurationHistogram(encoded: existing?["durationHistogram"])
        var queues = DurationHistogram(encoded: existing?["queueHistogram"])
        durations.add(build.duration)
        queues.add(build.queue)
        let waitedSeconds = build.waitedOn ? build.duration + build.queue : 0
        var values: [(any DatabaseValueConvertible)?] = [
            1, build.outcome == .success ? 1 : 0, build.outcome == .failure ? 1 : 0, build.outcome == .canceled ? 1 : 0,
            build.waitedOn ? 1 : 0, build.duration, build.queue, waitedSeconds, build.waitedOn ? build.duration : 0,
        ]
        values += build.counters.map { $0 as (any DatabaseValueConvertible)? }
        if existing == nil {
            let insert = try db.cachedStatement(sql: """
                INSERT INTO metricDaily (day, repository, pipeline, branch, platform, buildSystem, count, succeeded, failed,
                  canceled, waitedBuilds, durationSum, queueSum, waitedSeconds, waitedRunSeconds,
                  \(taskCounterColumns.joined(separator: ", ")), durationHistogram, queueHistogram)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            try insert.execute(arguments: StatementArguments(key + values + [durations.encoded, queues.encoded]))
        } else {
            let sums = (["count", "succeeded", "failed", "canceled", "waitedBuilds", "durationSum", "queueSum", "waitedSeconds", "waitedRunSeconds"]
                + taskCounterColumns).map { "\($0) = \($0) + ?" }.joined(separator: ", ")
            let update = try db.cachedStatement(sql: """
                UPDATE metricDaily SET \(sums), durationHistogram = ?, queueHistogram = ?
                WHERE day = ? AND repository = ? AND pipeline = ? AND branch = ? AND platform = ? AND buildSystem = ?
                """)
            try update.execute(arguments: StatementArguments(values + [durations.encoded, queues.encoded] + key))
        }
    }
}

// MARK: - Reading rollups

/// Sums of rollup rows: what every window answer is computed from.
struct RollupTotals {
    var count = 0
    var succeeded = 0
    var failed = 0
    var canceled = 0
    var waitedBuilds = 0
    var durationSum = 0.0
    var queueSum = 0.0
    var waitedSeconds = 0.0
    var waitedRunSeconds = 0.0
    var durations = DurationHistogram()
    var queues = DurationHistogram()
    var cache = CacheStatistics(tasks: [])

    /// Adds one `metricDaily` row (selected with `AppDatabase.rollupColumns`).
    mutating func add(_ row: Row, histograms: Bool = true) {
        count += row["count"] as Int
        succeeded += row["succeeded"] as Int
        failed += row["failed"] as Int
        canceled += row["canceled"] as Int
        waitedBuilds += row["waitedBuilds"] as Int
        durationSum += row["durationSum"] as Double
        queueSum += row["queueSum"] as Double
        waitedSeconds += row["waitedSeconds"] as Double
        waitedRunSeconds += row["waitedRunSeconds"] as Double
        if histograms {
            durations.merge(DurationHistogram(encoded: row["durationHistogram"]))
            queues.merge(DurationHistogram(encoded: row["queueHistogram"]))
        }
        cache.merge(.counts(
            executed: row["tasksExecuted"], failed: row["tasksFailed"], fromCache: row["tasksFromCache"],
            localHits: row["tasksLocalHits"], remoteHits: row["tasksRemoteHits"], upToDate: row["tasksUpToDate"],
            noSource: row["tasksNoSource"], skipped: row["tasksSkipped"]))
    }

    /// The window figures of these totals.
    var statistics: WindowStatistics {
        WindowStatistics(
            count: count, succeeded: succeeded, failed: failed, canceled: canceled,
            successRate: succeeded + failed > 0 ? Double(succeeded) / Double(succeeded + failed) : nil,
            duration: Self.percentiles(durations, sum: durationSum, count: count),
            queue: Self.percentiles(queues, sum: queueSum, count: count))
    }

    private static func percentiles(_ histogram: DurationHistogram, sum: Double, count: Int) -> PercentileSet? {
        guard count > 0, let p50 = histogram.percentile(50), let p90 = histogram.percentile(90), let p95 = histogram.percentile(95)
        else { return nil }
        return PercentileSet(p50: p50, p90: p90, p95: p95, mean: sum / Double(count))
    }
}

extension AppDatabase {
    /// Rollup rows of days `first…last` matching the query's filters; `extra` columns are
    /// selected too (e.g. the grouping column).
    static func rollupRows(_ query: MetricsQuery, days: ClosedRange<Int>, extra: [String] = [], histograms: Bool = true, in db: Database) throws -> [Row] {
        var sql = "SELECT day, count, succeeded, failed, canceled, waitedBuilds, durationSum, queueSum, waitedSeconds, waitedRunSeconds, "
            + taskCounterColumns.joined(separator: ", ")
        if histograms { sql += ", durationHistogram, queueHistogram" }
        for column in extra { sql += ", \(column)" }
        sql += " FROM metricDaily WHERE day BETWEEN ? AND ?"
        var arguments: [(any DatabaseValueConvertible)?] = [days.lowerBound, days.upperBound]
        let filters: [(String, String?)] = [
            ("repository", query.repository), ("pipeline", query.pipeline), ("branch", query.branch), ("platform", query.platform),
        ]
        for (column, value) in filters {
            guard let value else { continue }
            sql += " AND \(column) = ?"
            arguments.append(value)
        }
        return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: StatementArguments(arguments))
    }
}
