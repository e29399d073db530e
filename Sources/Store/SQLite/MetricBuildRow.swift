import BuildMetrics
import Foundation
import GRDB

/// One `metricBuild` row. A **build** (a report from the API, or a finished MobileOps build)
/// adds to the daily rollups, which every summary, percentile, rate and waiting cost is read
/// from; a **job** row is one agent's report of one job, kept as the breakdown of its build
/// (steps, tasks, tests) and never counted as a build.
struct MetricBuildRow {
    /// Which of the two a row is (the `unit` column).
    enum Unit: String {
        /// Counted: one row per build.
        case build
        /// A breakdown inside a MobileOps build.
        case job
    }

    var source: MetricsSource
    var unit: Unit
    /// The MobileOps build (for its own row and its jobs' rows); nil for API reports.
    var ciBuildID: Int64?
    var externalID: String?
    var dimensions: BuildDimensions
    /// `gradle`, `xcode` or `other` (see `BuildDimensions.buildSystem`).
    var buildSystem: String
    var outcome: BuildOutcome
    var startedAt: Date?
    var finishedAt: Date
    /// Queue, run (the `durationSeconds` column) and total seconds.
    var times: BuildTimes
    var waitedOn: Bool
    /// In `AppDatabase.taskCounterColumns` order.
    var counters: [Int]
    var receivedAt: Date

    /// Inserts the row; a build row also adds itself to the rollups, in the same transaction.
    /// - Returns: The row's id.
    func insert(in db: Database) throws -> Int64 {
        let columns = [
            "source", "unit", "ciBuildID", "externalID", "repository", "branch", "pipeline", "platform", "machine", "xcodeVersion",
            "gradleVersion", "environment", "buildKind", "buildSystem", "outcome", "startedAt", "finishedAt", "durationSeconds",
            "queueSeconds", "totalSeconds", "waitedOn",
        ] + AppDatabase.taskCounterColumns + ["receivedAt"]
        let insert = try db.cachedStatement(sql: """
            INSERT INTO metricBuild (\(columns.joined(separator: ", ")))
            VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))
            """)
        var values: [(any DatabaseValueConvertible)?] = [
            source.description, unit.rawValue, ciBuildID, externalID, dimensions.repository, dimensions.branch, dimensions.pipeline,
            dimensions.platform?.rawValue, dimensions.machine, dimensions.xcodeVersion, dimensions.gradleVersion,
            dimensions.environment?.rawValue, dimensions.buildKind?.rawValue, buildSystem, outcome.rawValue,
            startedAt.map(StoredDate.init), StoredDate(finishedAt), times.runSeconds, times.queueSeconds, times.totalSeconds, waitedOn,
        ]
        values += counters.map { $0 as (any DatabaseValueConvertible)? }
        values.append(StoredDate(receivedAt))
        try insert.execute(arguments: StatementArguments(values))
        let id = db.lastInsertedRowID
        if unit == .build {
            try AppDatabase.addToRollup(
                RollupContribution(
                    day: MetricsCalendar.day(of: finishedAt), repository: dimensions.repository, pipeline: dimensions.pipeline ?? "",
                    branch: dimensions.branch ?? "", platform: dimensions.platform?.rawValue ?? "", buildSystem: buildSystem,
                    outcome: outcome, times: times, waitedOn: waitedOn, counters: counters),
                in: db)
        }
        return id
    }
}
