#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Stops one analysis from another thread: the child processes it runs (git) are killed, and
/// whatever it starts afterwards is killed as soon as it starts.
///
/// An analysis runs synchronously on a thread of its own; a deadline or a server shutdown has
/// to end it without waiting for a clone or fetch that may take minutes.
public final class Cancellation: Sendable {
    private struct State {
        var isCancelled = false
        var running: Set<pid_t> = []
    }

    private let state = Mutex(State())

    /// A cancellation not yet requested.
    public init() {}

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Kills every running child's process group, and any started from now on.
    public func cancel() {
        let running = state.withLock { state in
            state.isCancelled = true
            return state.running
        }
        for pid in running { _ = kill(-pid, SIGKILL) }
    }

    /// Records a started child (the leader of its own process group); kills it at once when
    /// the analysis is already cancelled.
    func started(_ pid: pid_t) {
        let cancelled = state.withLock { state in
            state.running.insert(pid)
            return state.isCancelled
        }
        if cancelled { _ = kill(-pid, SIGKILL) }
    }

    /// Forgets a child that has exited (its pid may be reused).
    func finished(_ pid: pid_t) {
        _ = state.withLock { $0.running.remove(pid) }
    }
}
