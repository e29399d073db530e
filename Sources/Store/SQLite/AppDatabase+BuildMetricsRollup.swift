import BuildMetrics
import Foundation
import GRDB

// MARK: - Writing the daily rollup

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
        let select = try db.cachedStatement(sql: "SELECT durationHistogram, queueHistogram, totalHistogram FROM \(table.name) WHERE \(match)")
        let existing = try Row.fetchOne(select, arguments: StatementArguments(key))
        // `durationHistogram` and `durationSum` hold run time (the columns predate the names).
        var runs = DurationHistogram(encoded: existing?["durationHistogram"])
        var queues = DurationHistogram(encoded: existing?["queueHistogram"])
        var totals = DurationHistogram(encoded: existing?["totalHistogram"])
        let times = build.times
        runs.add(times.runSeconds)
        queues.add(times.queueSeconds)
        totals.add(times.totalSeconds)
        var values: [(any DatabaseValueConvertible)?] = [
            1, build.outcome == .success ? 1 : 0, build.outcome == .failure ? 1 : 0, build.outcome == .canceled ? 1 : 0,
            build.waitedOn ? 1 : 0, times.runSeconds, times.queueSeconds, build.waitedOn ? times.totalSeconds : 0,
            build.waitedOn ? times.runSeconds : 0, times.totalSeconds,
        ]
        values += build.counters.map { $0 as (any DatabaseValueConvertible)? }
        let summed = ["count", "succeeded", "failed", "canceled", "waitedBuilds", "durationSum", "queueSum", "waitedSeconds", "waitedRunSeconds", "totalSum"]
            + taskCounterColumns
        let histograms = [runs.encoded, queues.encoded, totals.encoded]
        if existing == nil {
            let columns = keyColumns + summed + ["durationHistogram", "queueHistogram", "totalHistogram"]
            let insert = try db.cachedStatement(sql: """
                INSERT INTO \(table.name) (\(columns.joined(separator: ", ")))
                VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))
                """)
            try insert.execute(arguments: StatementArguments(key + values + histograms))
        } else {
            let sums = summed.map { "\($0) = \($0) + ?" }.joined(separator: ", ")
            let update = try db.cachedStatement(
                sql: "UPDATE \(table.name) SET \(sums), durationHistogram = ?, queueHistogram = ?, totalHistogram = ? WHERE \(match)")
            try update.execute(arguments: StatementArguments(values + histograms + key))
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
    /// Run seconds (the `durationSum` column).
    var runSum = 0.0
    var queueSum = 0.0
    var totalSum = 0.0
    var waitedSeconds = 0.0
    var waitedRunSeconds = 0.0
    var runs = DurationHistogram()
    var queues = DurationHistogram()
    var totals = DurationHistogram()
    var cache = CacheStatistics(tasks: [])

    /// Adds one rollup row selected by `AppDatabase.rollupRows` (columns by position: reading
    /// by index, not by name, is what keeps summing thousands of rows cheap).
    mutating func add(_ row: Row, histograms: Bool = true) {
        count += row[1] as Int
        succeeded += row[2] as Int
        failed += row[3] as Int
        canceled += row[4] as Int
        waitedBuilds += row[5] as Int
        runSum += row[6] as Double
        queueSum += row[7] as Double
        waitedSeconds += row[8] as Double
        waitedRunSeconds += row[9] as Double
        totalSum += row[10] as Double
        if histograms {
            runs.add(encoded: row[19] as Data?)
            queues.add(encoded: row[20] as Data?)
            totals.add(encoded: row[21] as Data?)
        }
        cache.merge(.counts(
            executed: row[11], failed: row[12], fromCache: row[13], localHits: row[14], remoteHits: row[15],
            upToDate: row[16], noSource: row[17], skipped: row[18]))
    }

    /// The window figures of these totals.
    var statistics: WindowStatistics {
        WindowStatistics(
            count: count, succeeded: succeeded, failed: failed, canceled: canceled,
            successRate: succeeded + failed > 0 ? Double(succeeded) / Double(succeeded + failed) : nil,
            queue: Self.percentiles(queues, sum: queueSum, count: count),
            run: Self.percentiles(runs, sum: runSum, count: count),
            total: Self.percentiles(totals, sum: totalSum, count: count))
    }

    private static func percentiles(_ histogram: DurationHistogram, sum: Double, count: Int) -> PercentileSet? {
        // Rows written before totals were kept have no total histogram: no figure beats a wrong one.
        guard count > 0, histogram.total == count, let p50 = histogram.percentile(50), let p90 = histogram.percentile(90), let p95 = histogram.percentile(95)
        else { return nil }
        return PercentileSet(p50: p50, p90: p90, p95: p95, mean: sum / Double(count))
    }
}

extension AppDatabase {
    /// Rollup rows of days `first…last` matching the query's filters, from the table that
    /// serves the query. Columns by position: 0 day, 1–10 sums, 11–18 task counters, then 19–21
    /// the run, queue and total histograms when asked for, then `extra` (e.g. the grouping
    /// column; read those by name).
    static func rollupRows(_ query: MetricsQuery, days: ClosedRange<Int>, extra: [String] = [], histograms: Bool = true, in db: Database) throws -> [Row] {
        let (statement, arguments) = try rollupStatement(query, days: days, extra: extra, histograms: histograms, in: db)
        return try Row.fetchAll(statement, arguments: arguments)
    }

    /// Where the first `extra` column of ``rollupCursor(_:days:extra:histograms:in:)`` is
    /// when the histograms are read.
    static let rollupExtraColumn = 22

    /// The same rows as a cursor: each row is valid only until the next one is read.
    static func rollupCursor(_ query: MetricsQuery, days: ClosedRange<Int>, extra: [String] = [], histograms: Bool = true, in db: Database) throws -> RowCursor {
        let (statement, arguments) = try rollupStatement(query, days: days, extra: extra, histograms: histograms, in: db)
        return try Row.fetchCursor(statement, arguments: arguments)
    }

    private static func rollupStatement(
        _ query: MetricsQuery, days: ClosedRange<Int>, extra: [String], histograms: Bool, in db: Database
    ) throws -> (Statement, StatementArguments) {
        var sql = "SELECT day, count, succeeded, failed, canceled, waitedBuilds, durationSum, queueSum, waitedSeconds, waitedRunSeconds, totalSum, "
            + taskCounterColumns.joined(separator: ", ")
        if histograms { sql += ", durationHistogram, queueHistogram, totalHistogram" }
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
        return (try db.cachedStatement(sql: sql), StatementArguments(arguments))
    }
}
