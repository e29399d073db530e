import BuildMetrics
import Core
import Foundation
import GRDB
import Store

// MARK: - Dashboard

extension AppDatabase {
    /// Queue, fleet, recent builds and 30-day trends in one read. Every part is bounded: the
    /// trends read at most 30 days of rollup rows, the queue classifies at most 200 jobs.
    public func dashboardSnapshot(now: Date) async throws(StoreError) -> DashboardSnapshot {
        try await read { db in
            var trends = DashboardTrends(now: now)
            for row in try Self.rollupRows(trends.query, days: trends.days, extra: ["buildSystem"], in: db) {
                let histograms = Self.rollupHistograms(row)
                trends.add(
                    day: row[0], buildSystem: row["buildSystem"], sums: Self.rollupSums(row),
                    runs: histograms.runs, queues: histograms.queues, totals: histograms.totals)
            }
            return DashboardSnapshot(
                queue: try Self.queueStatus(onlineSince: now.addingTimeInterval(-presenceWindow), in: db),
                agents: try Self.fleetStatus(now: now, window: presenceWindow, in: db),
                recentBuilds: try Self.recentBuilds(now: now, in: db), trends: trends)
        }
    }

    private static func queueStatus(onlineSince: Date, in db: Database) throws -> QueueStatus {
        let pending = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM job WHERE state = 'pending'") ?? 0
        let running = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM job WHERE state IN ('assigned', 'running')") ?? 0
        let oldest = try JobRecord.filter(Column("state") == JobState.pending.rawValue)
            .order(Column("id")).limit(DashboardSnapshot.reasonLimit).fetchAll(db)
        let fleet = try FleetSnapshot.load(seenSince: onlineSince, in: db)
        // The builds of those jobs in one read.
        let buildIDs = Array(Set(oldest.map(\.buildID)))
        var builds: [Int64: Row] = [:]
        if !buildIDs.isEmpty {
            let rows = try Row.fetchAll(
                db, sql: """
                    SELECT b.id, b.number, b.pipeline, r.name AS repository FROM build b LEFT JOIN repository r ON r.id = b.repositoryID
                    WHERE b.id IN (\(buildIDs.map { _ in "?" }.joined(separator: ", ")))
                    """,
                arguments: StatementArguments(buildIDs))
            for row in rows { builds[row["id"]] = row }
        }
        var jobs: [PendingJobStatus] = []
        for job in oldest {
            let reason = try pendingReason(for: job, fleet: fleet, in: db).message
            let build = builds[job.buildID]
            jobs.append(PendingJobStatus(
                id: job.id ?? 0, buildID: job.buildID, repository: build?["repository"], pipeline: build?["pipeline"] ?? "",
                number: build?["number"] ?? 0, label: job.label, reason: reason, createdAt: job.createdAt))
        }
        return DashboardSnapshot.queue(pending: pending, running: running, jobs: jobs)
    }

    private static func fleetStatus(now: Date, window: TimeInterval, in db: Database) throws -> FleetStatus {
        var held: [Int64: [HeldJob]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, buildID, label, agentID FROM job WHERE state IN ('assigned', 'running') AND agentID IS NOT NULL ORDER BY id") {
            held[row["agentID"], default: []].append(HeldJob(id: row["id"], buildID: row["buildID"], label: row["label"]))
        }
        var failures: [Int64: [FailedJob]] = [:]
        let failed = try Row.fetchAll(
            db, sql: """
                SELECT id, buildID, label, agentID, state, finishedAt FROM job
                WHERE state IN ('failed', 'timed_out', 'lost') AND agentID IS NOT NULL AND finishedAt >= ?
                ORDER BY finishedAt DESC, id DESC LIMIT 500
                """,
            arguments: [StoredDate(now.addingTimeInterval(-DashboardSnapshot.agentFailureWindow))])
        for row in failed {
            guard let finishedAt = row[optionalDate: "finishedAt"] else { continue }
            failures[row["agentID"], default: []].append(FailedJob(id: row["id"], buildID: row["buildID"], label: row["label"], state: row["state"], finishedAt: finishedAt))
        }
        let agents = try AgentRecord.filter(Column("state") != "removed").order(Column("id")).fetchAll(db).map { $0.agent(runningJobs: []) }
        return DashboardSnapshot.fleet(agents, held: held, failures: failures, now: now, window: window)
    }

    private static func recentBuilds(now: Date, in db: Database) throws -> [RecentBuild] {
        let builds = try BuildRecord.order(Column("id").desc).limit(DashboardSnapshot.recentBuildLimit).fetchAll(db)
        let spans = try jobSpans(of: builds.compactMap(\.id), in: db)
        var names: [Int64: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, name FROM repository") { names[row["id"]] = row["name"] }
        return builds.map { build in
            let times = (spans[build.id ?? 0] ?? JobSpan()).times(of: build, now: now)
            return DashboardSnapshot.recentBuild(build.build(), repository: build.repositoryID.flatMap { names[$0] }, times: times)
        }
    }
}
