import Core
import Foundation

extension DashboardSnapshot {
    /// Pending jobs whose reason is worked out for the dashboard; the rest are only counted
    /// (explaining a job reads its build and the fleet, and a backlog of thousands would make
    /// the dashboard as slow as the backlog is long).
    package static let reasonLimit = 200
    /// Newest MobileOps builds listed.
    package static let recentBuildLimit = 20

    /// The snapshot from the parts each backend reads and the rollup trends.
    package init(queue: QueueStatus, agents: FleetStatus, recentBuilds: [RecentBuild], trends: DashboardTrends) {
        self.init(
            queue: queue, agents: agents, recentBuilds: recentBuilds, trends: trends.trends, cacheTrend: trends.cacheTrend,
            cacheByBuildSystem: trends.cacheByBuildSystem, waiting: trends.waiting)
    }

    /// The queue: counts, and the oldest pending jobs (already explained) with their reasons
    /// counted, the most common first, then by reason.
    package static func queue(pending: Int, running: Int, jobs: [PendingJobStatus]) -> QueueStatus {
        var reasons: [String: Int] = [:]
        for job in jobs { reasons[job.reason, default: 0] += 1 }
        let byReason = reasons.map { ReasonCount(reason: $0.key, count: $0.value) }.sorted { ($0.count, $1.reason) > ($1.count, $0.reason) }
        return QueueStatus(pending: pending, running: running, byReason: byReason, jobs: jobs)
    }

    /// The fleet: every agent not removed, in the order given (by id), its state its presence
    /// now (``AgentPresence``), with the jobs it holds.
    /// Failed jobs listed per agent.
    package static let agentFailureLimit = 5
    /// How far back an agent's failures are listed.
    package static let agentFailureWindow: TimeInterval = 24 * 3600

    /// Every agent with its presence, the jobs it holds and its recent failures (`failures`,
    /// newest first, any number per agent: the first ``agentFailureLimit`` are kept).
    package static func fleet(
        _ agents: [Agent], held: [Int64: [HeldJob]], failures: [Int64: [FailedJob]], now: Date, window: TimeInterval
    ) -> FleetStatus {
        var byState: [String: Int] = [:]
        let statuses = agents.map { agent -> AgentStatus in
            let jobs = held[agent.id] ?? []
            let state = AgentPresence.of(storedState: agent.state, lastSeenAt: agent.lastSeenAt, heldJobs: jobs.count, now: now, window: window).rawValue
            byState[state, default: 0] += 1
            return AgentStatus(
                id: agent.id, name: agent.name, state: state, currentJobs: jobs.count, slots: agent.slots, lastSeenAt: agent.lastSeenAt,
                tags: agent.tags, jobs: jobs, recentFailures: Array((failures[agent.id] ?? []).prefix(agentFailureLimit)))
        }
        return FleetStatus(byState: byState, agents: statuses)
    }

    /// One recent build with its times (``BuildTimes``, from its jobs, as everywhere else).
    package static func recentBuild(_ build: Build, repository: String?, times: BuildTimes) -> RecentBuild {
        RecentBuild(
            id: build.id, repository: repository, number: build.number, pipeline: build.pipeline, branch: build.branch,
            commitSHA: build.commitSHA, state: build.state.rawValue, trigger: build.trigger, createdAt: build.createdAt,
            startedAt: build.startedAt, finishedAt: build.finishedAt, queueSeconds: times.queueSeconds, runSeconds: times.runSeconds,
            totalSeconds: times.totalSeconds)
    }
}
