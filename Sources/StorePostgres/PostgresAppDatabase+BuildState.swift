import BuildMetrics
import Core
import Foundation
import PostgresNIO
import Store

// MARK: - A build's state, which follows its jobs

extension PostgresAppDatabase {
    /// Re-derives a build's state from its current job attempts (`BuildProgress`), its row
    /// locked; a change is announced (commit status), a finished build is measured once, and a
    /// failed build of the default branch goes to the feed.
    func refreshBuildState(_ buildID: Int64, now: Date, on connection: PostgresConnection) async throws {
        guard let build = try await buildRow(id: buildID, lock: true, on: connection) else { return }
        let states = try await connection.values(
            "SELECT state FROM job WHERE build_id = \(buildID) AND superseded_by IS NULL", as: String.self, logger: logger
        ).compactMap(JobState.init(rawValue:))
        let current = BuildProgress(state: build.state, startedAt: build.startedAt, finishedAt: build.finishedAt)
        guard let next = current.advanced(jobStates: states, now: PostgresTime.stored(now)) else { return }
        try await connection.run(
            """
            UPDATE build SET state = \(next.state.rawValue), started_at = \(PostgresTime.stored(next.startedAt)),
              finished_at = \(PostgresTime.stored(next.finishedAt))
            WHERE id = \(buildID)
            """, logger: logger)
        if next.state.isFinished { try await closeDeviceRuns(buildID: buildID, now: now, on: connection) }
        var updated = build
        updated.state = next.state
        updated.startedAt = next.startedAt
        updated.finishedAt = next.finishedAt
        let times = try await recordBuildMetrics(updated, now: now, on: connection)
        try await enqueueCommitStatus(for: updated, now: now, on: connection)
        // Findings stored while it ran go to the pull request once, when it finishes.
        if next.state.isFinished, try await hasFindings(buildID, on: connection) {
            try await enqueueFindingsReport(
                buildID: buildID, state: next.state, repositoryID: updated.repositoryID, commitSHA: updated.commitSHA, now: now, on: connection)
        }
        try await announceFailedDefaultBranchBuild(updated, times: times, now: now, on: connection)
    }

    /// A build's queue, run and total from its jobs (``BuildTimes``), read as stored.
    func buildTimes(of build: Build, now: Date, on connection: PostgresConnection) async throws -> BuildTimes {
        Self.buildTimes(of: build, span: try await jobSpan(of: build.id, on: connection), now: now)
    }

    /// The build's times from its job span.
    static func buildTimes(of build: Build, span: (assigned: Date?, started: Date?, finished: Date?), now: Date) -> BuildTimes {
        BuildTimes(
            createdAt: build.createdAt, finishedAt: build.finishedAt, firstAssignedAt: span.assigned,
            firstStartedAt: span.started, lastFinishedAt: span.finished, now: now)
    }

    /// When the build's jobs were first assigned, first started, and last finished (of those
    /// that started).
    private func jobSpan(of buildID: Int64, on connection: PostgresConnection) async throws -> (assigned: Date?, started: Date?, finished: Date?) {
        let rows = try await connection.boundedQuery(
            """
            SELECT min(assigned_at), min(started_at), max(CASE WHEN started_at IS NOT NULL THEN finished_at END)
            FROM job WHERE build_id = \(buildID)
            """, logger: logger)
        for try await span in rows.decode((Date?, Date?, Date?).self) { return span }
        return (nil, nil, nil)
    }

    /// Records a finished build as **one** build of the metrics (rollups included), once: its
    /// times from its jobs, its task counters summed over its jobs' reports, and the dimensions
    /// they agree on. Answers its times, or nil when it is not finished.
    private func recordBuildMetrics(_ build: Build, now: Date, on connection: PostgresConnection) async throws -> BuildTimes? {
        guard let finished = build.finishedAt, let outcome = build.state.outcome else { return nil }
        let span = try await jobSpan(of: build.id, on: connection)
        let times = Self.buildTimes(of: build, span: span, now: now)
        let source = MetricsSource.build(build.id)
        guard try await connection.value("SELECT id FROM metric_build WHERE source = \(source.description)", as: Int64.self, logger: logger) == nil
        else { return times }
        let rows = try await connection.boundedQuery(
            """
            SELECT platform, machine, xcode_version, gradle_version, build_kind, build_system, \(unescaped: Self.taskCounterColumns.joined(separator: ", "))
            FROM metric_build WHERE unit = 'job' AND ci_build_id = \(build.id)
            """, logger: logger)
        var jobs: [JobReportDimensions] = []
        for try await (platform, machine, xcode, gradle, kind, system, executed, failed, fromCache, local, remote, upToDate, noSource, skipped)
            in rows.decode((String?, String?, String?, String?, String?, String, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32).self) {
            jobs.append(JobReportDimensions(
                platform: platform, machine: machine, xcodeVersion: xcode, gradleVersion: gradle, buildKind: kind, buildSystem: system,
                counters: [executed, failed, fromCache, local, remote, upToDate, noSource, skipped].map(Int.init)))
        }
        var repository: String?
        if let repositoryID = build.repositoryID {
            repository = try await connection.value("SELECT name FROM repository WHERE id = \(repositoryID)", as: String.self, logger: logger)
        }
        let row = JobReportDimensions.buildRow(
            of: build, repository: repository, jobs: jobs, outcome: outcome, finishedAt: finished,
            firstStartedAt: span.started, times: times, now: now)
        try await insertMetricRow(row, on: connection)
        return times
    }

    /// A failed build of a repository's default branch is news; other failures stay out of the feed.
    private func announceFailedDefaultBranchBuild(_ build: Build, times: BuildTimes?, now: Date, on connection: PostgresConnection) async throws {
        guard build.state == .failed, let repositoryID = build.repositoryID else { return }
        let rows = try await connection.boundedQuery("SELECT name, default_branch FROM repository WHERE id = \(repositoryID)", logger: logger)
        for try await (name, defaultBranch) in rows.decode((String, String).self) where build.branch == defaultBranch {
            try await recordNotableEvent(
                FailedBuildAnnouncement.event(build: build, repository: name, defaultBranch: defaultBranch, times: times, now: now),
                on: connection)
        }
    }
}
