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

/// The two rollup tables: per branch, and per series (without the branch).
enum RollupTable: CaseIterable {
    /// `metricDaily`: day × repository × pipeline × branch × platform × build system.
    case branches
    /// `metricDailySeries`: the same without the branch, for queries that do not ask by branch.
    case series

    var name: String { self == .branches ? "metricDaily" : "metricDailySeries" }

    var dimensions: [String] {
        self == .branches
            ? ["repository", "pipeline", "branch", "platform", "buildSystem"]
            : ["repository", "pipeline", "platform", "buildSystem"]
    }

    /// The table a query reads: the smaller one unless it filters or groups by branch.
    static func serving(_ query: MetricsQuery) -> RollupTable {
        query.branch != nil || query.groupBy == .branch ? .branches : .series
    }
}

extension AppDatabase {
    /// Adds one build to its day's rows in both rollup tables (creating them), inside the
    /// insert's transaction. The histograms are merged here; everything else is summed by SQL.
    static func addToRollup(_ build: RollupContribution, in db: Database) throws {
        for table in RollupTable.allCases {
            var key: [(any DatabaseValueConvertible)?] = [build.day, build.repository, build.pipeline]
            if table == .branches { key.append(build.branch) }
            key += [build.platform, build.buildSystem]
            try addToRollup(build, table: table, key: key, in: db)
        }
    }

    private static func addToRollup(_ build: RollupContribution, table: RollupTable, key: [(any DatabaseValueConvertible)?], in db: Database) throws {
        let keyColumns = ["day"] + table.dimensions
        let match = keyColumns.map { "\($0) = ?" }.joined(separator: " AND ")
        let select = try db.cachedStatement(sql: "SELECT durationHistogram, queueHistogram FROM \(table.name) WHERE \(match)")
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
        let summed = ["count", "succeeded", "failed", "canceled", "waitedBuilds", "durationSum", "queueSum", "waitedSeconds", "waitedRunSeconds"]
            + taskCounterColumns
        if existing == nil {
            let columns = keyColumns + summed + ["durationHistogram", "queueHistogram"]
            let insert = try db.cachedStatement(sql: """
                INSERT INTO \(table.name) (\(columns.joined(separator: ", ")))
                VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))
                """)
            try insert.execute(arguments: StatementArguments(key + values + [durations.encoded, queues.encoded]))
        } else {
            let sums = summed.map { "\($0) = \($0) + ?" }.joined(separator: ", ")
            let update = try db.cachedStatement(sql: "UPDATE \(table.name) SET \(sums), durationHistogram = ?, queueHistogram = ? WHERE \(match)")
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

    /// Adds one rollup row selected by `AppDatabase.rollupRows` (columns by position: reading
    /// by index, not by name, is what keeps summing thousands of rows cheap).
    mutating func add(_ row: Row, histograms: Bool = true) {
        count += row[1] as Int
        succeeded += row[2] as Int
        failed += row[3] as Int
        canceled += row[4] as Int
        waitedBuilds += row[5] as Int
        durationSum += row[6] as Double
        queueSum += row[7] as Double
        waitedSeconds += row[8] as Double
        waitedRunSeconds += row[9] as Double
        if histograms {
            durations.add(encoded: row[18] as Data?)
            queues.add(encoded: row[19] as Data?)
        }
        cache.merge(.counts(
            executed: row[10], failed: row[11], fromCache: row[12], localHits: row[13], remoteHits: row[14],
            upToDate: row[15], noSource: row[16], skipped: row[17]))
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
    /// Rollup rows of days `first…last` matching the query's filters, from the table that
    /// serves the query. Columns by position: 0 day, 1–9 sums, 10–17 task counters, then 18–19
    /// the histograms when asked for, then `extra` (e.g. the grouping column; read those by name).
    static func rollupRows(_ query: MetricsQuery, days: ClosedRange<Int>, extra: [String] = [], histograms: Bool = true, in db: Database) throws -> [Row] {
        var sql = "SELECT day, count, succeeded, failed, canceled, waitedBuilds, durationSum, queueSum, waitedSeconds, waitedRunSeconds, "
            + taskCounterColumns.joined(separator: ", ")
        if histograms { sql += ", durationHistogram, queueHistogram" }
        for column in extra { sql += ", \(column)" }
        sql += " FROM \(RollupTable.serving(query).name) WHERE day BETWEEN ? AND ?"
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
