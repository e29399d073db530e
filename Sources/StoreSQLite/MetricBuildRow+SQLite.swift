import BuildMetrics
import Foundation
import GRDB
import Store

extension MetricBuildRow {
    /// Inserts the row into SQLite; a build row also adds itself to the rollups, in the same
    /// transaction.
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
        if let contribution = rollupContribution {
            try AppDatabase.addToRollup(contribution, in: db)
        }
        return id
    }
}
