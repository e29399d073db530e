/// `POST /api/v1/agent/stop` answer: what the server did with the jobs a stopping agent held.
///
/// An agent that stops says so (SIGTERM, SIGINT), so that nothing waits a lease for it: it is
/// `offline` at once and its token stops working; a later start registers again and takes its
/// row back (see `docs/agents.md`, "Stopping an agent").
public struct AgentStopped: Codable, Sendable, Equatable {
    /// Jobs it was handed but never started, back in the queue as if never handed out (no
    /// attempt spent).
    public var releasedJobs: [Int64]
    /// Jobs it was running and did not report: lost, and retried when their policy allows.
    public var lostJobs: [Int64]

    /// Creates the answer.
    public init(releasedJobs: [Int64], lostJobs: [Int64]) {
        self.releasedJobs = releasedJobs
        self.lostJobs = lostJobs
    }
}
