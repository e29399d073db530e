import BuildMetrics
import Foundation
import NIOCore
import PostgresNIO
import Store

// MARK: - Writing metric rows and the daily rollups

extension PostgresAppDatabase {
    /// The task-counter columns, in `MetricBuildRow.counters` order.
    static let taskCounterColumns = [
        "tasks_executed", "tasks_failed", "tasks_from_cache", "tasks_local_hits", "tasks_remote_hits",
        "tasks_up_to_date", "tasks_no_source", "tasks_skipped",
    ]

    /// Inserts `row` on `connection`; a build row also adds itself to both rollups, in the
    /// caller's transaction. Answers the row's id.
    @discardableResult
    func insertMetricRow(_ row: MetricBuildRow, on connection: PostgresConnection) async throws -> Int64 {
        let columns = [
            "source", "unit", "ci_build_id", "external_id", "repository", "branch", "pipeline", "platform", "machine",
            "xcode_version", "gradle_version", "environment", "build_kind", "build_system", "outcome", "started_at",
            "finished_at", "duration_seconds", "queue_seconds", "total_seconds", "waited_on",
        ] + Self.taskCounterColumns + ["received_at"]
        let dimensions = row.dimensions
        var bindings = PostgresBindings(capacity: columns.count)
        bindings.append(row.source.description)
        bindings.append(row.unit.rawValue)
        bindings.append(row.ciBuildID)
        bindings.append(row.externalID)
        bindings.append(dimensions.repository)
        for text in [dimensions.branch, dimensions.pipeline, dimensions.platform?.rawValue, dimensions.machine, dimensions.xcodeVersion,
                     dimensions.gradleVersion, dimensions.environment?.rawValue, dimensions.buildKind?.rawValue] {
            bindings.append(text)
        }
        bindings.append(row.buildSystem)
        bindings.append(row.outcome.rawValue)
        bindings.append(PostgresTime.stored(row.startedAt))
        bindings.append(PostgresTime.stored(row.finishedAt))
        bindings.append(row.times.runSeconds)
        bindings.append(row.times.queueSeconds)
        bindings.append(row.times.totalSeconds)
        bindings.append(row.waitedOn)
        for counter in row.counters { bindings.append(Int32(clamping: counter)) }
        bindings.append(PostgresTime.stored(row.receivedAt))
        let placeholders = (1...columns.count).map { "$\($0)" }.joined(separator: ", ")
        let id = try await connection.value(
            PostgresQuery(unsafeSQL: "INSERT INTO metric_build (\(columns.joined(separator: ", "))) VALUES (\(placeholders)) RETURNING id", binds: bindings),
            as: Int64.self, logger: logger)
        guard let id else { throw StoreError.database("metric row insert returned no id") }
        if let contribution = row.rollupContribution {
            for table in RollupTable.allCases { try await addToRollup(contribution, table: table, on: connection) }
        }
        return id
    }

    /// The summed rollup columns, in ``RollupTotals/Sums`` order (the counters last).
    static let rollupSumColumns = [
        "count", "succeeded", "failed", "canceled", "waited_builds", "duration_sum", "queue_sum", "waited_seconds",
        "waited_run_seconds", "total_sum",
    ] + taskCounterColumns

    /// Adds one build to its day's row of `table` with one upsert (`INSERT … ON CONFLICT …
    /// DO UPDATE`): the sums are added by SQL, the histograms merged in Swift.
    ///
    /// The row is read `FOR UPDATE` first, so two servers adding to one day take turns and
    /// neither merges into a histogram the other is replacing. A row that did not exist when
    /// read but does at the insert (another server made it meanwhile) is not overwritten: the
    /// update's `WHERE` then refuses, nothing is returned, and the row is read again, locked.
    private func addToRollup(_ build: RollupContribution, table: RollupTable, on connection: PostgresConnection) async throws {
        let keyColumns = ["day"] + table.postgresDimensions
        /// Appends the row's key, in `keyColumns` order.
        func appendKey(to bindings: inout PostgresBindings) {
            bindings.append(Int32(clamping: build.day))
            bindings.append(build.repository)
            bindings.append(build.pipeline)
            if table == .branches { bindings.append(build.branch) }
            bindings.append(build.platform)
            bindings.append(build.buildSystem)
        }
        var key = PostgresBindings()
        appendKey(to: &key)
        let match = keyColumns.enumerated().map { "\($0.element) = $\($0.offset + 1)" }.joined(separator: " AND ")
        let select = "SELECT duration_histogram, queue_histogram, total_histogram FROM \(table.postgresName) WHERE \(match) FOR UPDATE"
        let summed = Self.rollupSumColumns
        let columns = keyColumns + summed + ["duration_histogram", "queue_histogram", "total_histogram"]
        let placeholders = (1...columns.count).map { "$\($0)" }.joined(separator: ", ")
        let additions = summed.map { "\($0) = r.\($0) + excluded.\($0)" }
        let upsert = """
            INSERT INTO \(table.postgresName) AS r (\(columns.joined(separator: ", "))) VALUES (\(placeholders))
            ON CONFLICT (\(keyColumns.joined(separator: ", "))) DO UPDATE SET \(additions.joined(separator: ", ")),
              duration_histogram = excluded.duration_histogram, queue_histogram = excluded.queue_histogram,
              total_histogram = excluded.total_histogram
            WHERE $\(columns.count + 1)::boolean
            RETURNING 1
            """
        let sums = build.sums
        for _ in 0..<3 {
            let rows = try await connection.boundedQuery(PostgresQuery(unsafeSQL: select, binds: key), logger: logger)
            var existing: (runs: Data, queues: Data, totals: Data)?
            for try await (run, queue, total) in rows.decode((ByteBuffer, ByteBuffer, ByteBuffer).self) {
                existing = (Data(run.readableBytesView), Data(queue.readableBytesView), Data(total.readableBytesView))
            }
            let histograms = build.histograms(addedTo: existing?.runs, queues: existing?.queues, totals: existing?.totals)
            var bindings = PostgresBindings(capacity: columns.count + 1)
            appendKey(to: &bindings)
            for value in [sums.count, sums.succeeded, sums.failed, sums.canceled, sums.waitedBuilds] { bindings.append(Int32(clamping: value)) }
            for value in [sums.runSum, sums.queueSum, sums.waitedSeconds, sums.waitedRunSeconds, sums.totalSum] { bindings.append(value) }
            for counter in sums.counters { bindings.append(Int32(clamping: counter)) }
            for histogram in [histograms.runs, histograms.queues, histograms.totals] { bindings.append(ByteBuffer(bytes: histogram)) }
            // Only the row this transaction holds locked may be updated.
            bindings.append(existing != nil)
            let written = try await connection.values(PostgresQuery(unsafeSQL: upsert, binds: bindings), as: Int32.self, logger: logger)
            if !written.isEmpty { return }
        }
        throw StoreError.database("the rollup row of day \(build.day) in \(table.postgresName) kept changing under the insert")
    }
}

extension RollupTable {
    /// The PostgreSQL table.
    var postgresName: String { self == .branches ? "metric_daily" : "metric_daily_series" }

    /// Its dimension columns, after `day`: together the primary key.
    var postgresDimensions: [String] {
        self == .branches ? ["repository", "pipeline", "branch", "platform", "build_system"] : ["repository", "pipeline", "platform", "build_system"]
    }
}
