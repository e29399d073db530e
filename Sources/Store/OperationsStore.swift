import Foundation
import MemberwiseInit

/// Point-in-time figures about the queue and the fleet, for `GET /metrics` (Prometheus);
/// the outbox backlog comes from ``OutboxStore/outboxBacklog(now:)``.
public protocol OperationsStore: Sendable {
    /// Queue depth, running jobs and agents by state, read in one snapshot.
    func operationalCounts(now: Date) async throws(StoreError) -> OperationalCounts
    /// Builds that finished after `start` and no later than `end`, at most `limit`, oldest first.
    func finishedBuilds(after start: Date, through end: Date, limit: Int) async throws(StoreError) -> [FinishedBuild]
}

/// See ``OperationsStore/operationalCounts(now:)``.
@MemberwiseInit(.package)
public struct OperationalCounts: Sendable, Equatable {
    /// Jobs waiting for an agent.
    public var pendingJobs: Int
    /// Jobs assigned to or running on an agent.
    public var runningJobs: Int
    /// Agents by state: `busy` (holding a job), `idle` (polling), `offline` (not heard from
    /// for 90 s), `disconnected` (registration revoked).
    public var agentsByState: [String: Int]
}

/// A finished build's id, final state and its queue, run and total time.
@MemberwiseInit(.package)
public struct FinishedBuild: Sendable, Equatable {
    /// The build's id.
    public var id: Int64
    /// When it finished.
    public var finishedAt: Date
    /// `passed`, `failed`, `canceled`, …
    public var state: String
    /// Pipeline name.
    public var pipeline: String
    /// Queue, run and total seconds, as the metrics summary counts them (``BuildTimes``).
    public var times: BuildTimes
}
