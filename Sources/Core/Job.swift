import Foundation
import MemberwiseInit

/// A job as the API shows it: one step (or shard) of a build on one agent.
@MemberwiseInit(.public)
public struct Job: Codable, Sendable, Equatable, Identifiable {
    /// Server-wide id.
    public var id: Int64
    /// The build it belongs to.
    public var buildID: Int64
    /// The pipeline step's key.
    public var stepKey: String
    /// What people see.
    public var label: String
    /// Zero-based shard index.
    public var shardIndex: Int
    /// Shards of the step.
    public var shardCount: Int
    /// 1 for the first run; retries count up.
    public var attempt: Int
    /// Where it is in its life.
    public var state: JobState
    /// Why it is still pending, as a sentence; nil once it left `pending`.
    public var pendingReason: String?
    /// The agent holding or having run it.
    public var agentID: Int64?
    /// Exit status of the failing (or last) command.
    public var exitStatus: Int32?
    /// The job that retried this one, if any.
    public var supersededBy: Int64?
    /// When it was created.
    public var createdAt: Date
    /// When an agent started it.
    public var startedAt: Date?
    /// When it finished.
    public var finishedAt: Date?
}
