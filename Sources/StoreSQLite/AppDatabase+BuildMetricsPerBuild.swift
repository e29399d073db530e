import BuildMetrics
import Core
import Foundation
import GRDB
import Store

// MARK: - Builds, not jobs, as the unit

extension AppDatabase {
    // MARK: Recording a finished build

    /// Records a finished MobileOps build as **one** build of the metrics (rollups included),
    /// inside the transaction that finished it: its times from its jobs (``BuildTimes``), its
    /// task counters summed over its jobs' reports, and the dimensions they agree on.
    /// Recorded once; a build finished again later keeps its first record.
    /// - Returns: The build's times, or nil when it is not finished.
    @discardableResult
    static func recordBuildMetrics(_ changed: BuildRecord, now: Date, in db: Database) throws -> BuildTimes? {
        // Read back as stored (to the millisecond), so these times equal those worked out
        // later from the same rows (dashboard, Prometheus) to the last digit.
        guard let id = changed.id, changed.finishedAt != nil,
              let build = try BuildRecord.fetchOne(db, key: id), let finished = build.finishedAt,
              let outcome = BuildState(rawValue: build.state)?.outcome
        else { return nil }
        let span = try jobSpans(of: [id], in: db)[id] ?? JobSpan()
        let times = span.times(of: build, now: now)
        guard try Int64.fetchOne(db, sql: "SELECT id FROM metricBuild WHERE source = ?", arguments: [MetricsSource.build(id).description]) == nil
        else { return times }
        let jobs = try Row.fetchAll(
            db, sql: """
                SELECT platform, machine, xcodeVersion, gradleVersion, buildKind, buildSystem, \(taskCounterColumns.joined(separator: ", "))
                FROM metricBuild WHERE unit = 'job' AND ciBuildID = ?
                """,
            arguments: [id]
        ).map { row in
            JobReportDimensions(
                platform: row["platform"], machine: row["machine"], xcodeVersion: row["xcodeVersion"], gradleVersion: row["gradleVersion"],
                buildKind: row["buildKind"], buildSystem: row["buildSystem"], counters: taskCounterColumns.map { row[$0] as Int })
        }
        let repository = try build.repositoryID.flatMap { try RepositoryRecord.fetchOne(db, key: $0) }
        let row = JobReportDimensions.buildRow(
            of: build.build(), repository: repository?.name, jobs: jobs, outcome: outcome, finishedAt: finished,
            firstStartedAt: span.firstStartedAt, times: times, now: now)
        _ = try row.insert(in: db)
        return times
    }

    // MARK: Times

    /// When a build's jobs were first assigned, first started and last finished.
    struct JobSpan {
        var firstAssignedAt: Date?
        var firstStartedAt: Date?
        /// The latest end of a job that started.
        var lastFinishedAt: Date?

        /// The build's ``BuildTimes``.
        func times(of build: BuildRecord, now: Date) -> BuildTimes {
            BuildTimes(
                createdAt: build.createdAt, finishedAt: build.finishedAt, firstAssignedAt: firstAssignedAt,
                firstStartedAt: firstStartedAt, lastFinishedAt: lastFinishedAt, now: now)
        }
    }

    /// The job spans of several builds from one grouped read (builds without jobs are absent).
    static func jobSpans(of buildIDs: [Int64], in db: Database) throws -> [Int64: JobSpan] {
        guard !buildIDs.isEmpty else { return [:] }
        let rows = try Row.fetchAll(
            db, sql: """
                SELECT buildID, MIN(assignedAt) AS assignedAt, MIN(startedAt) AS startedAt,
                  MAX(CASE WHEN startedAt IS NOT NULL THEN finishedAt END) AS finishedAt
                FROM job WHERE buildID IN (\(buildIDs.map { _ in "?" }.joined(separator: ", "))) GROUP BY buildID
                """,
            arguments: StatementArguments(buildIDs))
        var spans: [Int64: JobSpan] = [:]
        for row in rows {
            spans[row["buildID"]] = JobSpan(
                firstAssignedAt: row[optionalDate: "assignedAt"], firstStartedAt: row[optionalDate: "startedAt"],
                lastFinishedAt: row[optionalDate: "finishedAt"])
        }
        return spans
    }
}
