import Core
import NIOCore
import Scheduling
import Store

// MARK: - The long poll

extension AgentController {
    /// A job for `agent`, waiting up to `wait`, or nil; never a job for a client that has left.
    ///
    /// The wait ends early when the agent's connection closes (its process stopped or was
    /// killed): its parked poll must not be handed the next job, which would then sit
    /// `assigned` to nobody until its lease ran out and spend a `retry.agent_lost`. A job
    /// claimed just as the client left goes back to the queue at once (`releaseJob`).
    func poll(for agent: Agent, wait: Duration, channel: any Channel) async throws -> JobAssignment? {
        guard let client = await ClientConnection.of(channel) else {
            return try await dispatcher.nextJob(for: agent, wait: wait)
        }
        let dispatcher = self.dispatcher
        let job = try await withThrowingTaskGroup(of: JobAssignment?.self) { group in
            group.addTask { try await dispatcher.nextJob(for: agent, wait: wait) }
            group.addTask {
                await client.waitUntilGone()
                return nil
            }
            // Whichever ends first ends the other: a job (or the wait running out) stops the
            // watch, the client leaving stops the wait. A claim already under way still
            // finishes, so both answers are read.
            var job = try await group.next() ?? nil
            group.cancelAll()
            while let next = try await group.next() { job = job ?? next }
            return job
        }
        guard let job, client.isGone else { return job }
        if try await queue.releaseJob(id: job.jobID, agentID: agent.id, now: clock.now) { dispatcher.wake() }
        return nil
    }
}
