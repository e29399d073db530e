import BuildMetrics
import Foundation
import MemberwiseInit

// MARK: - BuildMetricsStore

/// Build reports and what is computed from them: summaries, cache rates, regressions and the
/// dashboard's figures (issue 5).
///
/// Every insert updates the daily rollup (`metricDaily`) in the same transaction, so window
/// queries read rollups, never the detail rows, and stay fast as history grows. Detail rows
/// (builds, steps, tasks, test summaries) are pruned after the retention period; rollups stay.
public protocol BuildMetricsStore: Sendable {
    /// Stores validated reports with their detail rows, all in one transaction, each report in
    /// its own savepoint (one that fails leaves the others stored); one result per report, in
    /// order. A report from the API is a build and adds to the rollups; a job's report is a
    /// breakdown kept for its build, which is counted once, when it finishes.
    ///
    /// A report carrying an `id` already stored for the same repository, or a second report
    /// for the same job source, is not stored again: the first one's id is answered with
    /// `created == false`.
    func insertBuildReports(_ reports: [BuildReportWrite]) async -> [Result<StoredReport, StoreError>]
    /// What the server knows about a job an agent reports metrics for.
    /// - Throws: `StoreError.jobNotHeld` unless `agentID` holds the job and it is still active.
    func jobMetricsContext(jobID: Int64, agentID: Int64) async throws(StoreError) -> JobMetricsContext
    /// p50/p90/p95 queue, run and total time (``BuildTimes``), success rate and count per group over the window,
    /// compared with the window before, plus the cost of waiting.
    func metricsSummary(_ query: MetricsQuery, now: Date) async throws(StoreError) -> MetricsSummary
    /// Cache hit rates by build system and task, the daily trend and the tasks that miss most.
    func cacheReport(_ query: MetricsQuery, now: Date) async throws(StoreError) -> CacheReport
    /// Recorded regressions, newest first (open ones only when `openOnly`), at most `limit` (1…500).
    func regressions(openOnly: Bool, limit: Int) async throws(StoreError) -> [StoredRegression]
    /// Evaluates every series with recent builds and records regressions that start now
    /// (each once), with their outbox message and notable event; closes those that recovered.
    /// - Returns: The regressions opened by this evaluation.
    func evaluateRegressions(_ settings: RegressionSettings, now: Date) async throws(StoreError) -> [StoredRegression]
    /// Deletes at most `limit` detail builds (with their tasks, steps and tests) that finished
    /// before `cutoff`; rollups are kept. Returns how many were deleted.
    func pruneBuildReports(finishedBefore cutoff: Date, limit: Int) async throws(StoreError) -> Int
    /// The figures of `GET /api/v1/dashboard` except regressions and waiting cost, in one read.
    func dashboardSnapshot(now: Date) async throws(StoreError) -> DashboardSnapshot
}

// MARK: - Inputs

/// Where a report came from: `api` (POST /metrics/builds, one report = one build), `job:<id>`
/// (an agent's report of one MobileOps job: a breakdown inside its build, never a build of its
/// own) or `build:<id>` (a finished MobileOps build, recorded by the store itself).
public struct MetricsSource: Sendable, Equatable, CustomStringConvertible {
    /// The stored text.
    public let description: String
    /// The MobileOps build a job's report belongs to; nil for other sources.
    public let jobBuildID: Int64?
    /// A report posted to the API by another CI or a laptop.
    public static let api = MetricsSource(description: "api", jobBuildID: nil)
    /// The agent's report for job `id` of MobileOps build `build`.
    public static func job(_ id: Int64, build: Int64) -> MetricsSource { MetricsSource(description: "job:\(id)", jobBuildID: build) }
    /// A finished MobileOps build.
    package static func build(_ id: Int64) -> MetricsSource { MetricsSource(description: "build:\(id)", jobBuildID: nil) }
    /// The job, for a job's report.
    public var jobID: Int64? { description.hasPrefix("job:") ? Int64(description.dropFirst(4)) : nil }
}

/// Dimensions a window query filters on and groups by.
@MemberwiseInit(.public)
public struct MetricsQuery: Sendable, Equatable {
    /// Longest window a query may ask for, in days.
    public static let maxWindowDays = 366

    /// Whole UTC days in the window, today included (`7d` → today and the six days before).
    public var days: Int = 7
    /// Only this repository, when set.
    public var repository: String?
    /// Only this pipeline, when set.
    public var pipeline: String?
    /// Only this branch, when set.
    public var branch: String?
    /// Only this platform (`ios`, `android`, `other`), when set.
    public var platform: String?
    /// One group per value of this dimension; one group for everything when nil.
    public var groupBy: MetricsGrouping?
    /// A run-time speed-up in percent to price in developer-hours per month.
    public var speedupPercent: Double?
}

/// The dimension a summary is grouped by.
public enum MetricsGrouping: String, Codable, Sendable, CaseIterable {
    /// One group per repository.
    case repository
    /// One group per pipeline.
    case pipeline
    /// One group per branch.
    case branch
    /// One group per platform.
    case platform
}

// MARK: - Answers

/// The id a stored report got, and whether this call stored it.
@MemberwiseInit(.public)
public struct StoredReport: Codable, Sendable, Equatable {
    /// The report's storage id.
    public var id: Int64
    /// False when the report had been stored before (same `id`, or same job).
    public var created: Bool
}

/// The job's build as the server knows it; it overrides what an agent reports.
public struct JobMetricsContext: Sendable, Equatable {
    /// The job's build.
    public var buildID: Int64
    /// Repository name (`unknown` for builds without one).
    public var repository: String
    /// The build's branch.
    public var branch: String?
    /// The build's pipeline.
    public var pipeline: String
    /// Seconds the job waited for an agent: `assignedAt - createdAt`.
    public var queueSeconds: Double?
    /// When the agent started the job.
    public var startedAt: Date?
    /// Whether a developer waits on the build: pull-request and manual builds.
    public var waitedOn: Bool
}

extension BuildMetricsStore {
    /// Stores one validated report as ``insertBuildReports(_:)`` does, in its own transaction.
    public func insertBuildReport(_ report: BuildReport, source: MetricsSource, waitedOn: Bool, now: Date) async throws(StoreError) -> StoredReport {
        let results = await insertBuildReports([BuildReportWrite(report: report, source: source, waitedOn: waitedOn, now: now)])
        guard let result = results.first else { throw StoreError.database("the report write gave no result") }
        return try result.get()
    }
}

/// One report to store, with where it came from.
@MemberwiseInit(.public)
public struct BuildReportWrite: Sendable {
    /// The validated report.
    public var report: BuildReport
    /// Who sent it (the API, or an agent's job).
    public var source: MetricsSource
    /// Whether a developer waited on this build.
    public var waitedOn: Bool
    /// When it was received.
    public var now: Date
}
