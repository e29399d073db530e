import ChildProcesses
import MemberwiseInit
import Synchronization

// MARK: - JobStopReason

/// Why a job stopped before its commands finished on their own.
public enum JobStopReason: String, Sendable, Equatable {
    /// The server's directive said `cancel: true`; finish as `canceled`.
    case canceled
    /// The step ran past `timeoutSeconds`; finish as `timed_out`.
    case timedOut
    /// The server answered 409 `job_not_held`; stop without finishing.
    case notHeld
    /// The agent is shutting down (SIGTERM/SIGINT); stop without finishing, so the
    /// server's lease expiry marks the job lost and its retry policy applies.
    case shutdown
}

// MARK: - JobControl

/// The shared switch of one running job: whichever of the heartbeat, the log streamer,
/// the timeout timer or shutdown stops the job first sets the reason, and the process
/// groups the job started are terminated.
///
/// Groups are kept for the whole job, because a command may leave background processes
/// that later commands use; all of them are terminated when the job ends.
@MemberwiseInit
final class JobControl: Sendable {
    /// Seconds between SIGTERM and SIGKILL.
    let grace: Duration
    private let state = Mutex(State())

    private struct State {
        var reason: JobStopReason?
        var groups: [ProcessGroup] = []
    }

    /// The first reason the job was stopped for, if any.
    var stopReason: JobStopReason? { self.state.withLock { $0.reason } }

    /// Stops the job for `reason` (the first reason wins) and terminates its process groups.
    func stop(_ reason: JobStopReason) {
        let groups = self.state.withLock { state -> [ProcessGroup] in
            if state.reason == nil { state.reason = reason }
            return state.groups
        }
        for group in groups { group.terminate(grace: self.grace) }
    }

    /// Records a new group; if the job was already stopped, terminates it at once.
    func attach(_ group: ProcessGroup) {
        let stopped = self.state.withLock { state -> Bool in
            state.groups.append(group)
            return state.reason != nil
        }
        if stopped { group.terminate(grace: self.grace) }
    }

    /// Terminates whatever is left of every group the job started and waits (bounded)
    /// until their output is closed.
    func terminateAll() async {
        let groups = self.state.withLock { $0.groups }.filter(\.mayBeRunning)
        for group in groups { group.terminate(grace: self.grace) }
        for group in groups {
            _ = await group.waitForOutputClose(within: self.grace + .seconds(3))
        }
    }
}
