import Foundation
import Store

/// `GET /api/v1/dashboard`: everything a dashboard shows, in one JSON document, so a page
/// renders without further calls. Times are ISO 8601 UTC, durations seconds, rates 0…1.
///
/// Shape (keys sorted in the JSON):
/// - `generatedAt`: when the document was made.
/// - `queue`: `{pending, running, byReason: [{reason, count}]}`, reasons for the 200 oldest
///   pending jobs, the most common first.
/// - `agents`: `{byState: {busy|idle|offline|revoked: n}, agents: [{id, name, state, currentJobs, slots, lastSeenAt}]}`.
/// - `recentBuilds`: the 20 newest MobileOps builds, `[{id, repository?, number, pipeline,
///   branch?, state, trigger, createdAt, startedAt?, finishedAt?, queueSeconds, runSeconds,
///   totalSeconds}]` (``BuildTimes``; so far, for unfinished builds).
/// - `trends`: 30 entries, one per UTC day, oldest first: `{day, count, queueP50Seconds?,
///   runP50Seconds?, totalP50Seconds?, successRate?}` of every build (MobileOps' own, counted
///   once each however many jobs they ran, and `POST /metrics/builds`).
/// - `cache`: `{trend: [{day, hitRate?, fromCache, executed}] (30 days), byBuildSystem: [{name, rates}]}`.
/// - `regressions`: open regressions, newest first (see `GET /api/v1/metrics/regressions`).
/// - `waiting`: developer-hours waiting over the last 30 days, `{totalHours, waitedBuilds,
///   perDay: [{start, hours, builds}], perWeek: […]}`.
public struct DashboardDocument: Codable, Sendable, Equatable {
    /// When the document was made.
    public var generatedAt: Date
    /// Pending and running jobs, with pending reasons.
    public var queue: QueueStatus
    /// Agents by state, each with its current job count.
    public var agents: FleetStatus
    /// The 20 newest builds with state and queue, run and total time.
    public var recentBuilds: [RecentBuild]
    /// Daily count, p50 queue, run and total time and success rate, last 30 days, oldest first.
    public var trends: [DailyBuildTrend]
    /// Cache hit rates: daily trend and per build system, last 30 days.
    public var cache: CacheSection
    /// Regressions not yet recovered, newest first (at most 50).
    public var regressions: [StoredRegression]
    /// The cost of waiting over the last 30 days.
    public var waiting: WaitingCostSummary

    /// The cache part of the dashboard.
    public struct CacheSection: Codable, Sendable, Equatable {
        /// Hit rate per UTC day, 30 entries, oldest first (`hitRate` null on days without tasks).
        public var trend: [DailyCacheRate]
        /// Rates per build system (`gradle`, `xcode`, `other`) over the 30 days.
        public var byBuildSystem: [NamedCacheRates]
    }

    /// Assembles the document from the store's snapshot and the open regressions.
    public init(snapshot: DashboardSnapshot, regressions: [StoredRegression], generatedAt: Date) {
        self.generatedAt = generatedAt
        queue = snapshot.queue
        agents = snapshot.agents
        recentBuilds = snapshot.recentBuilds
        trends = snapshot.trends
        cache = CacheSection(trend: snapshot.cacheTrend, byBuildSystem: snapshot.cacheByBuildSystem)
        self.regressions = regressions
        waiting = snapshot.waiting
    }

    /// Reads the whole document from `store` (two reads: the snapshot, then open regressions).
    public static func load(from store: any BuildMetricsStore, now: Date) async throws(StoreError) -> DashboardDocument {
        let snapshot = try await store.dashboardSnapshot(now: now)
        let open = try await store.regressions(openOnly: true, limit: 50)
        return DashboardDocument(snapshot: snapshot, regressions: open, generatedAt: now)
    }
}
