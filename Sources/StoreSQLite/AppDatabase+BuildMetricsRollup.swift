import BuildMetrics
import Core
import Foundation
import GRDB
import Store

// MARK: - Writing the daily rollup

extension RollupTable {
    /// The SQLite table.
    var name: String { self == .branches ? "metricDaily" : "metricDailySeries" }

    /// Its dimension columns, after `day`: together the primary key.
    var dimensions: [String] {
        self == .branches
            ? ["repository", "pipeline", "branch", "platform", "buildSystem"]
            : ["repository", "pipeline", "platform", "buildSystem"]
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
        let histograms = build.histograms(
            addedTo: existing?["durationHistogram"], queues: existing?["queueHistogram"], totals: existing?["totalHistogram"])
        let sums = build.sums
        var values: [(any DatabaseValueConvertible)?] = [
            sums.count, sums.succeeded, sums.failed, sums.canceled, sums.waitedBuilds,
            sums.runSum, sums.queueSum, sums.waitedSeconds, sums.waitedRunSeconds, sums.totalSum,
        ]
        values += sums.counters.map { $0 as (any DatabaseValueConvertible)? }
        let summed = ["count", "succeeded", "failed", "canceled", "waitedBuilds", "durationSum", "queueSum", "waitedSeconds", "waitedRunSeconds", "totalSum"]
            + taskCounterColumns
        if existing == nil {
            let columns = keyColumns + summed + ["durationHistogram", "queueHistogram", "totalHistogram"]
            let insert = try db.cachedStatement(sql: """
                INSERT INTO \(table.name) (\(columns.joined(separator: ", ")))
                VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))
                """)
            try insert.execute(arguments: StatementArguments(key + values + [histograms.runs, histograms.queues, histograms.totals]))
        } else {
            let assignments = summed.map { "\($0) = \($0) + ?" }.joined(separator: ", ")
            let update = try db.cachedStatement(
                sql: "UPDATE \(table.name) SET \(assignments), durationHistogram = ?, queueHistogram = ?, totalHistogram = ? WHERE \(match)")
            try update.execute(arguments: StatementArguments(values + [histograms.runs, histograms.queues, histograms.totals] + key))
        }
    }
}

// MARK: - Reading rollups

extension AppDatabase {
    /// Rollup rows of days `first…last` matching the query's filters, from the table that
    /// serves the query. Columns by position: 0 day, 1–10 sums, 11–18 task counters, then 19–21
    /// the run, queue and total histograms when asked for, then `extra` (e.g. the grouping
    /// column; read those by name).
    static func rollupRows(_ query: MetricsQuery, days: ClosedRange<Int>, extra: [String] = [], histograms: Bool = true, in db: Database) throws -> [Row] {
        let (statement, arguments) = try rollupStatement(query, days: days, extra: extra, histograms: histograms, in: db)
        return try Row.fetchAll(statement, arguments: arguments)
    }

    /// The summed columns of a row of ``rollupRows(_:days:extra:histograms:in:)``, read by
    /// position: reading by index, not by name, is what keeps summing thousands of rows cheap.
    static func rollupSums(_ row: Row) -> RollupTotals.Sums {
        RollupTotals.Sums(
            count: row[1], succeeded: row[2], failed: row[3], canceled: row[4], waitedBuilds: row[5], runSum: row[6], queueSum: row[7],
            waitedSeconds: row[8], waitedRunSeconds: row[9], totalSum: row[10],
            cache: .counts(
                executed: row[11], failed: row[12], fromCache: row[13], localHits: row[14], remoteHits: row[15],
                upToDate: row[16], noSource: row[17], skipped: row[18]))
    }

    /// The run, queue and total histograms of a row read with them (positions 19–21).
    static func rollupHistograms(_ row: Row) -> (runs: Data?, queues: Data?, totals: Data?) {
        (row[19], row[20], row[21])
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

extension AppDatabase {
    /// The per-build task counters, also summed in the rollup.
    static let taskCounterColumns = [
        "tasksExecuted", "tasksFailed", "tasksFromCache", "tasksLocalHits", "tasksRemoteHits",
        "tasksUpToDate", "tasksNoSource", "tasksSkipped",
    ]
}
