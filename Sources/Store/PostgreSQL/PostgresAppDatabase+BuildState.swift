import BuildMetrics
import Core
import Foundation
import PostgresNIO

// MARK: - A build's state, which follows its jobs

extension PostgresAppDatabase {
    /// Re-derives a build's state from its current job attempts (`BuildProgress`), its row
    /// locked; a change is announced (commit status), a finished build is measured once, and a
    /// failed build of the default branch goes to the feed.
    func refreshBuildState(_ buildID: Int64, now: Date, on connection: PostgresConnection) async throws {
        try await connection.run("SELECT id FROM build WHERE id = \(buildID) FOR UPDATE", logger: logger)
        guard let build = try await buildRow(id: buildID, on: connection) else { return }
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
        guard let updated = try await buildRow(id: buildID, on: connection) else { return }
        let times = try await recordBuildMetrics(updated, now: now, on: connection)
        try await enqueueCommitStatus(for: updated, now: now, on: connection)
        try await announceFailedDefaultBranchBuild(updated, times: times, now: now, on: connection)
    }

    /// A build's queue, run and total from its jobs (``BuildTimes``), read as stored.
    func buildTimes(of build: Build, now: Date, on connection: PostgresConnection) async throws -> BuildTimes {
        let span = try await jobSpan(of: build.id, on: connection)
        return BuildTimes(
            createdAt: build.createdAt, finishedAt: build.finishedAt, firstAssignedAt: span.assigned,
            firstStartedAt: span.started, lastFinishedAt: span.finished, now: now)
    }

    /// When the build's jobs were first assigned, first started, and last finished (of those
    /// that started).
    private func jobSpan(of buildID: Int64, on connection: PostgresConnection) async throws -> (assigned: Date?, started: Date?, finished: Date?) {
        let rows = try await connection.query(
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
        let times = try await buildTimes(of: build, now: now, on: connection)
        let source = MetricsSource.build(build.id)
        guard try await connection.value("SELECT id FROM metric_build WHERE source = \(source.description)", as: Int64.self, logger: logger) == nil
        else { return times }
        let rows = try await connection.query(PostgresQuery(unsafeSQL: """
            SELECT platform, machine, xcode_version, gradle_version, build_kind, build_system, \(Self.taskCounterColumns.joined(separator: ", "))
            FROM metric_build WHERE unit = 'job' AND ci_build_id = $1
            """, binds: { var b = PostgresBindings(); b.append(build.id); return b }()), logger: logger)
        var jobs: [JobReportDimensions] = []
        for try await (platform, machine, xcode, gradle, kind, system, executed, failed, fromCache, local, remote, upToDate, noSource, skipped)
            in rows.decode((String?, String?, String?, String?, String?, String, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32).self) {
            jobs.append(JobReportDimensions(
                platform: platform, machine: machine, xcodeVersion: xcode, gradleVersion: gradle, buildKind: kind, buildSystem: system,
                counters: [executed, failed, fromCache, local, remote, upToDate, noSource, skipped].map(Int.init)))
        }
        let repository = try await build.repositoryID.asyncFlatMap { try await self.repositoryName(id: $0, on: connection) }
        let row = JobReportDimensions.buildRow(
            of: build, repository: repository, jobs: jobs, outcome: outcome, finishedAt: finished,
            firstStartedAt: try await jobSpan(of: build.id, on: connection).started, times: times, now: now)
        try await insertMetricRow(row, on: connection)
        return times
    }

    private func repositoryName(id: Int64, on connection: PostgresConnection) async throws -> String? {
        try await connection.value("SELECT name FROM repository WHERE id = \(id)", as: String.self, logger: logger)
    }

    /// A failed build of a repository's default branch is news; other failures stay out of the feed.
    private func announceFailedDefaultBranchBuild(_ build: Build, times: BuildTimes?, now: Date, on connection: PostgresConnection) async throws {
        guard build.state == .failed, let repositoryID = build.repositoryID else { return }
        let rows = try await connection.query("SELECT name, default_branch FROM repository WHERE id = \(repositoryID)", logger: logger)
        for try await (name, defaultBranch) in rows.decode((String, String).self) where build.branch == defaultBranch {
            try await recordNotableEvent(
                FailedBuildAnnouncement.event(build: build, repository: name, defaultBranch: defaultBranch, times: times, now: now),
                on: connection)
        }
    }
}

extension Optional {
    /// `flatMap` with an async transform.
    fileprivate func asyncFlatMap<U>(_ transform: (Wrapped) async throws -> U?) async rethrows -> U? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
