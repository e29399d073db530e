import BuildMetrics
import Foundation
import NIOCore
import PostgresNIO

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
            try await addToRollup(contribution, table: "metric_daily", branch: contribution.branch, on: connection)
            try await addToRollup(contribution, table: "metric_daily_series", branch: nil, on: connection)
        }
        return id
    }

    /// Adds one build to its day's row of `table` (per branch when `branch` is given).
    ///
    /// The row is made (empty) if missing, then locked, so two servers adding to one day at once
    /// take turns: the histograms are merged in Swift, and a lost update would drop a build.
    private func addToRollup(_ build: RollupContribution, table: String, branch: String?, on connection: PostgresConnection) async throws {
        let keyColumns = ["day", "repository", "pipeline"] + (branch == nil ? [] : ["branch"]) + ["platform", "build_system"]
        /// Appends the row's key, in `keyColumns` order.
        func appendKey(to bindings: inout PostgresBindings) {
            bindings.append(Int32(clamping: build.day))
            bindings.append(build.repository)
            bindings.append(build.pipeline)
            if let branch { bindings.append(branch) }
            bindings.append(build.platform)
            bindings.append(build.buildSystem)
        }
        var key = PostgresBindings()
        appendKey(to: &key)
        let summed = ["count", "succeeded", "failed", "canceled", "waited_builds", "duration_sum", "queue_sum", "waited_seconds",
                      "waited_run_seconds", "total_sum"] + Self.taskCounterColumns
        let keyPlaceholders = (1...keyColumns.count).map { "$\($0)" }.joined(separator: ", ")
        let zeros = summed.map { _ in "0" } + ["''::bytea", "''::bytea", "''::bytea"]
        try await connection.run(PostgresQuery(unsafeSQL: """
            INSERT INTO \(table) (\((keyColumns + summed + ["duration_histogram", "queue_histogram", "total_histogram"]).joined(separator: ", ")))
            VALUES (\(keyPlaceholders), \(zeros.joined(separator: ", ")))
            ON CONFLICT DO NOTHING
            """, binds: key), logger: logger)
        let match = keyColumns.enumerated().map { "\($0.element) = $\($0.offset + 1)" }.joined(separator: " AND ")
        let rows = try await connection.query(PostgresQuery(
            unsafeSQL: "SELECT duration_histogram, queue_histogram, total_histogram FROM \(table) WHERE \(match) FOR UPDATE", binds: key), logger: logger)
        var runs = DurationHistogram(), queues = DurationHistogram(), totals = DurationHistogram()
        for try await (run, queue, total) in rows.decode((ByteBuffer, ByteBuffer, ByteBuffer).self) {
            runs = DurationHistogram(encoded: Data(run.readableBytesView))
            queues = DurationHistogram(encoded: Data(queue.readableBytesView))
            totals = DurationHistogram(encoded: Data(total.readableBytesView))
        }
        let times = build.times
        runs.add(times.runSeconds)
        queues.add(times.queueSeconds)
        totals.add(times.totalSeconds)
        var update = PostgresBindings()
        for value in [1, build.outcome == .success ? 1 : 0, build.outcome == .failure ? 1 : 0, build.outcome == .canceled ? 1 : 0, build.waitedOn ? 1 : 0] {
            update.append(Int32(value))
        }
        for value in [times.runSeconds, times.queueSeconds, build.waitedOn ? times.totalSeconds : 0, build.waitedOn ? times.runSeconds : 0, times.totalSeconds] {
            update.append(value)
        }
        for counter in build.counters { update.append(Int32(clamping: counter)) }
        for histogram in [runs, queues, totals] { update.append(ByteBuffer(bytes: histogram.encoded)) }
        let sums = summed.enumerated().map { "\($0.element) = \($0.element) + $\($0.offset + 1)" }.joined(separator: ", ")
        let histogramBase = summed.count
        let keyMatch = keyColumns.enumerated().map { "\($0.element) = $\(histogramBase + 4 + $0.offset)" }.joined(separator: " AND ")
        appendKey(to: &update)
        try await connection.run(PostgresQuery(unsafeSQL: """
            UPDATE \(table) SET \(sums), duration_histogram = $\(histogramBase + 1), queue_histogram = $\(histogramBase + 2),
              total_histogram = $\(histogramBase + 3) WHERE \(keyMatch)
            """, binds: update), logger: logger)
    }
}
