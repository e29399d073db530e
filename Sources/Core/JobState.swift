/// Where a job is in its life: the scheduler's state machine.
///
/// `pending → assigned → running → passed | failed | canceled | timed_out | lost`.
/// An `assigned` job its agent never started goes back to `pending` when that agent is gone
/// (it stopped, or its long poll's connection closed before the answer was written).
/// A `lost` job (its agent stopped heartbeating) is final; when its retry policy allows,
/// the scheduler creates a new attempt of the same step and shard.
public enum JobState: String, Codable, Sendable, CaseIterable {
    /// Waiting for an agent (with a reason the API shows).
    case pending
    /// Handed to an agent that has not confirmed it started.
    case assigned
    /// The agent is running its commands and heartbeating.
    case running
    /// Every command exited 0.
    case passed
    /// A command exited non-zero.
    case failed
    /// Cancelled by a user, a superseding commit, or a concurrency group.
    case canceled
    /// The step ran past its timeout and was killed.
    case timedOut = "timed_out"
    /// The agent stopped heartbeating before the job finished.
    case lost

    /// Whether the job will not change state again.
    public var isFinished: Bool {
        switch self {
        case .pending, .assigned, .running: false
        case .passed, .failed, .canceled, .timedOut, .lost: true
        }
    }

    /// Whether an agent holds the job right now.
    public var isActive: Bool { self == .assigned || self == .running }

    /// The states this one may move to.
    public var allowedNext: Set<JobState> {
        switch self {
        case .pending: [.assigned, .canceled]
        // An assigned job whose agent never confirms is lost like a running one, unless the
        // agent is known to be gone: then it is handed back, no attempt spent.
        case .assigned: [.pending, .running, .canceled, .lost, .passed, .failed, .timedOut]
        case .running: [.passed, .failed, .canceled, .timedOut, .lost]
        case .passed, .failed, .canceled, .timedOut, .lost: []
        }
    }

    /// Whether moving to `next` is a legal transition.
    public func canMove(to next: JobState) -> Bool { allowedNext.contains(next) }
}
