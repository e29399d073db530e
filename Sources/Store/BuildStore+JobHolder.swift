import Core

extension BuildStore {
    /// Refuses, with `StoreError.jobNotHeld`, unless agent `agentID` holds job `jobID` and it
    /// is still active: one cheap read, so that an agent route reads a large body (findings,
    /// an artifact) only from the agent that may send it. The write that follows checks again
    /// in its own transaction; this is only the early, cheap refusal.
    public func requireHeld(jobID: Int64, agentID: Int64) async throws(StoreError) {
        guard let job = try await job(id: jobID), job.agentID == agentID, job.state.isActive else {
            throw StoreError.jobNotHeld(jobID: jobID)
        }
    }
}
