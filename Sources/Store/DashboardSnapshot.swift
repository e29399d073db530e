import Foundation
import MemberwiseInit

/// What the store contributes to `GET /api/v1/dashboard`, read in one transaction.
public struct DashboardSnapshot: Codable, Sendable, Equatable {
    /// Pending and running jobs.
    public var queue: QueueStatus
    /// The fleet.
    public var agents: FleetStatus
    /// The 20 newest MobileOps builds.
    public var recentBuilds: [RecentBuild]
    /// Daily count and p50 queue, run and total time of builds, last 30 days, oldest first.
    public var trends: [DailyBuildTrend]
    /// Daily cache hit rate, last 30 days, oldest first.
    public var cacheTrend: [DailyCacheRate]
    /// Cache rates per build system over the last 30 days.
    public var cacheByBuildSystem: [NamedCacheRates]
    /// Waiting cost over the last 30 days.
    public var waiting: WaitingCostSummary
}

/// The queue right now.
public struct QueueStatus: Codable, Sendable, Equatable {
    /// Jobs waiting for an agent.
    public var pending: Int
    /// Jobs assigned to or running on an agent.
    public var running: Int
    /// Pending jobs per reason (`queued for the next free agent`, `all 2 matching agents are
    /// busy`, …), the most common first. Worked out for the 200 oldest pending jobs.
    public var byReason: [ReasonCount]
    /// The 200 oldest pending jobs, oldest first, each with why it waits.
    public var jobs: [PendingJobStatus]
}

/// One pending job on the dashboard.
@MemberwiseInit(.package)
public struct PendingJobStatus: Codable, Sendable, Equatable {
    /// Job id.
    public var id: Int64
    /// Its build.
    public var buildID: Int64
    /// Repository name, when the build has one.
    public var repository: String?
    /// Pipeline name.
    public var pipeline: String
    /// Build number in the repository.
    public var number: Int
    /// The job's label (step, shard).
    public var label: String
    /// Why it waits, as the API words it for the job.
    public var reason: String
    /// When it was created.
    public var createdAt: Date
}

/// How many pending jobs wait for one reason.
public struct ReasonCount: Codable, Sendable, Equatable {
    /// The reason, as the API words it for a job.
    public var reason: String
    /// Jobs.
    public var count: Int
}

/// The fleet right now.
public struct FleetStatus: Codable, Sendable, Equatable {
    /// Agents per state: `busy` (holding jobs), `idle`, `offline` (not heard from for 90 s),
    /// `revoked`.
    public var byState: [String: Int]
    /// Every agent, by id.
    public var agents: [AgentStatus]
}

/// One agent on the dashboard.
public struct AgentStatus: Codable, Sendable, Equatable {
    /// Agent id.
    public var id: Int64
    /// Agent name.
    public var name: String
    /// `busy`, `idle`, `offline` or `revoked`.
    public var state: String
    /// Jobs it holds now.
    public var currentJobs: Int
    /// Jobs it can hold.
    public var slots: Int
    /// When it was last heard from.
    public var lastSeenAt: Date
    /// Its tags (`platform: ios`, `xcode: 16.2`, …).
    public var tags: [String: String]
    /// The jobs it holds now.
    public var jobs: [HeldJob]
    /// Its jobs that failed, timed out or were lost in the last 24 hours, newest first (at
    /// most ``DashboardSnapshot/agentFailureLimit``): an agent that fails every job is broken.
    public var recentFailures: [FailedJob]
}

/// A job that ended badly on an agent.
@MemberwiseInit(.package)
public struct FailedJob: Codable, Sendable, Equatable {
    /// Job id.
    public var id: Int64
    /// Its build.
    public var buildID: Int64
    /// The job's label.
    public var label: String
    /// `failed`, `timed_out` or `lost`.
    public var state: String
    /// When it ended.
    public var finishedAt: Date
}

/// A job an agent holds.
@MemberwiseInit(.package)
public struct HeldJob: Codable, Sendable, Equatable {
    /// Job id.
    public var id: Int64
    /// Its build.
    public var buildID: Int64
    /// The job's label.
    public var label: String
}

/// One MobileOps build on the dashboard.
public struct RecentBuild: Codable, Sendable, Equatable {
    /// Build id.
    public var id: Int64
    /// Repository name, when the build has one.
    public var repository: String?
    /// Build number in the repository.
    public var number: Int
    /// Pipeline name.
    public var pipeline: String
    /// Branch, when built from one.
    public var branch: String?
    /// The commit (or, before an agent checked it out, the ref) built.
    public var commitSHA: String
    /// `pending`, `running`, `passed`, `failed`, `canceled`.
    public var state: String
    /// `push`, `pull_request`, `manual`, `schedule`.
    public var trigger: String
    /// When it was created.
    public var createdAt: Date
    /// When its first job was given to an agent.
    public var startedAt: Date?
    /// When it finished.
    public var finishedAt: Date?
    /// Queue seconds: first job assigned − created (so far, while nothing is assigned).
    public var queueSeconds: Double
    /// Run seconds: last job finished − first job started (so far, while running).
    public var runSeconds: Double
    /// Total seconds: finished − created (so far, while unfinished).
    public var totalSeconds: Double
}

/// Builds of one UTC day.
public struct DailyBuildTrend: Codable, Sendable, Equatable {
    /// The day (midnight UTC).
    public var day: Date
    /// Builds finished.
    public var count: Int
    /// Median queue seconds (histogram estimate); nil on days without builds.
    public var queueP50Seconds: Double?
    /// Median run seconds (histogram estimate); nil on days without builds.
    public var runP50Seconds: Double?
    /// Median total seconds (histogram estimate); nil on days without builds.
    public var totalP50Seconds: Double?
    /// `succeeded / (succeeded + failed)`; nil when neither occurred.
    public var successRate: Double?
}
