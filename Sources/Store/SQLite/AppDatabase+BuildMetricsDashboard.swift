import BuildMetrics
import Core
import Foundation
import GRDB

// MARK: - Dashboard

extension AppDatabase {
    /// Pending jobs whose reason is worked out for the dashboard; the rest are only counted.
    static let dashboardReasonLimit = 200
    /// Days of trend on the dashboard.
    static let dashboardTrendDays = 30

    /// Queue, fleet, recent builds and 30-day trends in one read. Every part is bounded: the
    /// trends read at most 30 days of rollup rows, the queue classifies at most 200 jobs.
    public func dashboardSnapshot(now: Date) throws(StoreError) -> DashboardSnapshot {
        try read { db in
            let days = (MetricsCalendar.day(of: now) - Self.dashboardTrendDays + 1)...MetricsCalendar.day(of: now)
            let rows = try Self.rollupRows(MetricsQuery(), days: days, extra: ["buildSystem"], in: db)
            var byDay: [Int: RollupTotals] = [:], bySystem: [String: RollupTotals] = [:]
            for row in rows {
                byDay[row["day"], default: RollupTotals()].add(row)
                bySystem[row["buildSystem"], default: RollupTotals()].add(row, histograms: false)
            }
            let trends = days.map { day in
                let totals = byDay[day] ?? RollupTotals()
                let statistics = totals.statistics
                return DailyBuildTrend(
                    day: MetricsCalendar.date(ofDay: day), count: totals.count, queueP50Seconds: statistics.queue?.p50,
                    runP50Seconds: statistics.run?.p50, totalP50Seconds: statistics.total?.p50, successRate: statistics.successRate)
            }
            let cacheTrend = days.map { day in
                let cache = byDay[day]?.cache ?? CacheStatistics(tasks: [])
                return DailyCacheRate(day: MetricsCalendar.date(ofDay: day), hitRate: cache.hitRate, fromCache: cache.fromCache, executed: cache.executed + cache.failed)
            }
            return DashboardSnapshot(
                queue: try Self.queueStatus(onlineSince: now.addingTimeInterval(-presenceWindow), in: db),
                agents: try Self.fleetStatus(now: now, window: presenceWindow, in: db),
                recentBuilds: try Self.recentBuilds(now: now, in: db), trends: trends, cacheTrend: cacheTrend,
                cacheByBuildSystem: bySystem.keys.sorted().compactMap { name in bySystem[name].map { NamedCacheRates(name: name, rates: CacheRates($0.cache)) } },
                waiting: WaitingCostRollup.summarize(byDay, days: days, now: now, speedupPercent: nil))
        }
    }

    private static func queueStatus(onlineSince: Date, in db: Database) throws -> QueueStatus {
        let pending = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM job WHERE state = 'pending'") ?? 0
        let running = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM job WHERE state IN ('assigned', 'running')") ?? 0
        var reasons: [String: Int] = [:]
        let oldest = try JobRecord.filter(Column("state") == JobState.pending.rawValue)
            .order(Column("id")).limit(dashboardReasonLimit).fetchAll(db)
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
            reasons[reason, default: 0] += 1
            let build = builds[job.buildID]
            jobs.append(PendingJobStatus(
                id: job.id ?? 0, buildID: job.buildID, repository: build?["repository"], pipeline: build?["pipeline"] ?? "",
                number: build?["number"] ?? 0, label: job.label, reason: reason, createdAt: job.createdAt))
        }
        let byReason = reasons.map { ReasonCount(reason: $0.key, count: $0.value) }.sorted { ($0.count, $1.reason) > ($1.count, $0.reason) }
        return QueueStatus(pending: pending, running: running, byReason: byReason, jobs: jobs)
    }

    private static func fleetStatus(now: Date, window: TimeInterval, in db: Database) throws -> FleetStatus {
        var held: [Int64: [HeldJob]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, buildID, label, agentID FROM job WHERE state IN ('assigned', 'running') AND agentID IS NOT NULL ORDER BY id") {
            held[row["agentID"], default: []].append(HeldJob(id: row["id"], buildID: row["buildID"], label: row["label"]))
        }
        var byState: [String: Int] = [:]
        let agents = try AgentRecord.filter(Column("state") != "removed").order(Column("id")).fetchAll(db).map { record -> AgentStatus in
            let jobs = held[record.id ?? 0] ?? []
            let state = AgentPresence.of(storedState: record.state, lastSeenAt: record.lastSeenAt, heldJobs: jobs.count, now: now, window: window).rawValue
            byState[state, default: 0] += 1
            return AgentStatus(
                id: record.id ?? 0, name: record.name, state: state, currentJobs: jobs.count, slots: record.slots, lastSeenAt: record.lastSeenAt,
                tags: record.tagValues, jobs: jobs)
        }
        return FleetStatus(byState: byState, agents: agents)
    }

    private static func recentBuilds(now: Date, in db: Database) throws -> [RecentBuild] {
        let builds = try BuildRecord.order(Column("id").desc).limit(20).fetchAll(db)
        let spans = try jobSpans(of: builds.compactMap(\.id), in: db)
        var names: [Int64: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, name FROM repository") { names[row["id"]] = row["name"] }
        return builds.map { build in
            let times = (spans[build.id ?? 0] ?? JobSpan()).times(of: build, now: now)
            return RecentBuild(
                id: build.id ?? 0, repository: build.repositoryID.flatMap { names[$0] }, number: build.number, pipeline: build.pipeline,
                branch: build.branch, commitSHA: build.commitSHA, state: build.state, trigger: build.trigger, createdAt: build.createdAt, startedAt: build.startedAt,
                finishedAt: build.finishedAt, queueSeconds: times.queueSeconds, runSeconds: times.runSeconds, totalSeconds: times.totalSeconds)
        }
    }

    // MARK: Retention

    /// Deletes the oldest detail builds finished before `cutoff` (their steps, tasks and
    /// tests go by cascade); rollups and regressions stay.
    public func pruneBuildReports(finishedBefore cutoff: Date, limit: Int) throws(StoreError) -> Int {
        try write { db in
            try db.execute(
                sql: "DELETE FROM metricBuild WHERE id IN (SELECT id FROM metricBuild WHERE finishedAt < ? ORDER BY finishedAt LIMIT ?)",
                arguments: [StoredDate(cutoff), max(1, limit)])
            return db.changesCount
        }
    }
}
