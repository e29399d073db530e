import Core
import Foundation

/// The scheduler's durable side: handing jobs to agents and recording what they report.
///
/// Every method is one transaction, so a job's state, its build's derived state and the
/// commit-status message announcing a change are always written together.
public protocol JobQueue: Sendable {
    /// Assigns the best job this agent can run (highest priority, then oldest; requirements,
    /// dependencies and concurrency groups respected), or returns nil.
    func claimNextJob(agent: Agent, leaseSeconds: Double, now: Date) async throws(StoreError) -> JobAssignment?
    /// Marks an assigned job running and extends its lease.
    func startJob(id: Int64, agentID: Int64, leaseSeconds: Double, now: Date) async throws(StoreError) -> AgentDirective
    /// Extends the lease; the directive says whether to cancel.
    func heartbeat(jobID: Int64, agentID: Int64, leaseSeconds: Double, now: Date) async throws(StoreError) -> AgentDirective
    /// Stores a log chunk once per sequence number.
    /// - Throws: `StoreError.jobNotHeld` unless the agent holds the job and it is still active.
    func appendLog(jobID: Int64, agentID: Int64, sequence: Int, content: [UInt8], now: Date) async throws(StoreError) -> AgentDirective
    /// Pins the job's build to the commit its agent checked out, when the build named a
    /// branch or `HEAD`, and announces its current state for that commit (statuses need a
    /// commit to attach to); a build that already names a commit keeps it.
    func recordCheckout(jobID: Int64, agentID: Int64, commitSHA: String, now: Date) async throws(StoreError)
    /// Records the outcome, retries when the policy says so, refreshes the build.
    func finishJob(id: Int64, agentID: Int64, outcome: JobOutcome, now: Date) async throws(StoreError)
    /// Hands an assigned job its agent never started back to the queue, as if it had never been
    /// handed out (no attempt spent; a job whose build was canceled meanwhile ends canceled):
    /// for a long poll whose agent left before the answer reached it.
    /// - Returns: Whether it was handed back; false when the agent started it or does not hold it.
    func releaseJob(id: Int64, agentID: Int64, now: Date) async throws(StoreError) -> Bool
    /// An agent that says it stopped: it is offline at once and its token stops working (only
    /// a `connected` agent changes); its assigned jobs go back to the queue (`releaseJob`), and
    /// the jobs it was running are lost (retried when their policy allows), without waiting a lease.
    func stopAgent(id: Int64, now: Date) async throws(StoreError) -> AgentStopped
    /// Marks jobs whose lease ran out as lost (retrying them when allowed); returns their ids.
    func expireLeases(now: Date) async throws(StoreError) -> [Int64]
    /// A job's log chunks after `sequence` (all when nil), and whether the job has finished.
    func jobLog(jobID: Int64, after sequence: Int?) async throws(StoreError) -> (chunks: [(sequence: Int, content: [UInt8])], finished: Bool)
}
