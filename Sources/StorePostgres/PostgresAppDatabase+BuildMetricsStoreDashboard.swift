import BuildMetrics
import Core
import Foundation
import PostgresNIO
import Store

// MARK: - Dashboard

extension PostgresAppDatabase {
    /// Queue, fleet, recent builds and 30-day trends (``DashboardTrends``) in one snapshot: a
    /// repeatable-read transaction, so the parts agree with each other as SQLite's single read
    /// does. Every part is bounded: 30 days of rollup rows, 200 explained jobs, 20 builds.
    public func dashboardSnapshot(now: Date) async throws(StoreError) -> DashboardSnapshot {
        try await write { connection in
            try await connection.run("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: self.logger)
            var trends = DashboardTrends(now: now)
            try await self.forEachRollupRow(trends.query, days: trends.days, extra: "build_system", histograms: true, on: connection) { row in
                trends.add(day: row.day, buildSystem: row.extra ?? "", sums: row.sums, runs: row.runs, queues: row.queues, totals: row.totals)
            }
            return DashboardSnapshot(
                queue: try await self.queueStatus(onlineSince: now.addingTimeInterval(-self.presenceWindow), on: connection),
                agents: try await self.fleetStatus(now: now, on: connection),
                recentBuilds: try await self.recentBuilds(now: now, on: connection), trends: trends)
        }
    }

    /// Pending and running counts, and the oldest pending jobs, each with why it waits.
    private func queueStatus(onlineSince: Date, on connection: PostgresConnection) async throws -> QueueStatus {
        let pending = try await connection.value("SELECT count(*) FROM job WHERE state = 'pending'", as: Int64.self, logger: logger) ?? 0
        let running = try await connection.value("SELECT count(*) FROM job WHERE state IN ('assigned', 'running')", as: Int64.self, logger: logger) ?? 0
        let oldest = try await Self.jobs(from: connection.boundedQuery(
            "SELECT \(unescaped: Self.jobColumns) FROM job WHERE state = 'pending' ORDER BY id LIMIT \(Int64(DashboardSnapshot.reasonLimit))",
            logger: logger))
        let explained = try await explained(oldest, onlineSince: onlineSince, on: connection)
        // The builds of those jobs in one read.
        let buildIDs = Array(Set(explained.map(\.buildID)))
        var builds: [Int64: (number: Int, pipeline: String, repository: String?)] = [:]
        if !buildIDs.isEmpty {
            let rows = try await connection.boundedQuery(
                """
                SELECT b.id, b.number, b.pipeline, r.name FROM build b LEFT JOIN repository r ON r.id = b.repository_id
                WHERE b.id = ANY(\(buildIDs))
                """, logger: logger)
            for try await (id, number, pipeline, repository) in rows.decode((Int64, Int32, String, String?).self) {
                builds[id] = (Int(number), pipeline, repository)
            }
        }
        let jobs = explained.map { job in
            let build = builds[job.buildID]
            return PendingJobStatus(
                id: job.id, buildID: job.buildID, repository: build?.repository, pipeline: build?.pipeline ?? "", number: build?.number ?? 0,
                label: job.label, reason: job.pendingReason ?? "", createdAt: job.createdAt)
        }
        return DashboardSnapshot.queue(pending: Int(pending), running: Int(running), jobs: jobs)
    }

    /// Every agent not removed, by id, with the jobs it holds and its presence now.
    private func fleetStatus(now: Date, on connection: PostgresConnection) async throws -> FleetStatus {
        // `Store.HeldJob`: the dashboard's value, not the job-ending `PostgresAppDatabase.HeldJob`.
        var held: [Int64: [Store.HeldJob]] = [:]
        let rows = try await connection.boundedQuery(
            "SELECT id, build_id, label, agent_id FROM job WHERE state IN ('assigned', 'running') AND agent_id IS NOT NULL ORDER BY id",
            logger: logger)
        for try await (id, buildID, label, agentID) in rows.decode((Int64, Int64, String, Int64).self) {
            held[agentID, default: []].append(Store.HeldJob(id: id, buildID: buildID, label: label))
        }
        var failures: [Int64: [FailedJob]] = [:]
        let since = PostgresTime.stored(now.addingTimeInterval(-DashboardSnapshot.agentFailureWindow))
        let failed = try await connection.boundedQuery(
            """
            SELECT id, build_id, label, agent_id, state, finished_at FROM job
            WHERE state IN ('failed', 'timed_out', 'lost') AND agent_id IS NOT NULL AND finished_at >= \(since)
            ORDER BY finished_at DESC, id DESC LIMIT 500
            """, logger: logger)
        for try await (id, buildID, label, agentID, state, finishedAt) in failed.decode((Int64, Int64, String, Int64, String, Date).self) {
            failures[agentID, default: []].append(FailedJob(id: id, buildID: buildID, label: label, state: state, finishedAt: finishedAt))
        }
        let agents = try await Self.agents(from: connection.boundedQuery(
            "SELECT \(unescaped: Self.agentColumns) FROM agent WHERE state <> 'removed' ORDER BY id", logger: logger)).map(\.agent)
        return DashboardSnapshot.fleet(agents, held: held, failures: failures, now: now, window: presenceWindow)
    }

    /// The newest MobileOps builds with their times, their jobs' spans read in one grouped query.
    private func recentBuilds(now: Date, on connection: PostgresConnection) async throws -> [RecentBuild] {
        let builds = try await Self.builds(from: connection.boundedQuery(
            "SELECT \(unescaped: Self.buildColumns) FROM build ORDER BY id DESC LIMIT \(Int64(DashboardSnapshot.recentBuildLimit))", logger: logger))
        guard !builds.isEmpty else { return [] }
        let ids = builds.map(\.id)
        var spans: [Int64: (assigned: Date?, started: Date?, finished: Date?)] = [:]
        let rows = try await connection.boundedQuery(
            """
            SELECT build_id, min(assigned_at), min(started_at), max(CASE WHEN started_at IS NOT NULL THEN finished_at END)
            FROM job WHERE build_id = ANY(\(ids)) GROUP BY build_id
            """, logger: logger)
        for try await (buildID, assigned, started, finished) in rows.decode((Int64, Date?, Date?, Date?).self) {
            spans[buildID] = (assigned, started, finished)
        }
        var names: [Int64: String] = [:]
        let repositoryIDs = Array(Set(builds.compactMap(\.repositoryID)))
        if !repositoryIDs.isEmpty {
            let named = try await connection.boundedQuery("SELECT id, name FROM repository WHERE id = ANY(\(repositoryIDs))", logger: logger)
            for try await (id, name) in named.decode((Int64, String).self) { names[id] = name }
        }
        return builds.map { build in
            let times = Self.buildTimes(of: build, span: spans[build.id] ?? (nil, nil, nil), now: now)
            return DashboardSnapshot.recentBuild(build, repository: build.repositoryID.flatMap { names[$0] }, times: times)
        }
    }
}
