import Dispatch
import Foundation
import Logging
import MemberwiseInit
import Synchronization

/// Ends the process when a graceful shutdown outlasts its bound, whatever a library does.
///
/// The service group cancels what is left of a shutdown after its grace period, but a task
/// that ignores cancellation (an await in a library that never completes) would keep the
/// group, and so the process, running until the orchestrator's SIGKILL, with nothing said.
/// Armed when the shutdown starts, the deadline logs at error, once `limit` has passed, which
/// services were still running and calls `overrun` (in the server: exit with status 4, so the
/// stop shows as unclean). A finished shutdown disarms it first.
///
/// It waits on a Dispatch timer, not on Swift's cooperative pool, so it fires even when every
/// thread of that pool is held. The limit is wall time in this process, like the service
/// group's own grace period, not business time: the injected clock has no part in it.
@MemberwiseInit
final class ShutdownDeadline: Sendable {
    private enum State: UInt8 { case idle, armed, disarmed }

    /// How long after the shutdown starts the process may still run.
    let limit: Duration
    private let roster: ServiceRoster
    private let logger: Logger
    private let overrun: @Sendable ([String]) -> Void
    private let state = Atomic<UInt8>(State.idle.rawValue)

    /// Starts the countdown (once; a disarmed deadline stays disarmed).
    func arm() {
        guard state.compareExchange(expected: State.idle.rawValue, desired: State.armed.rawValue, ordering: .acquiringAndReleasing).exchanged else { return }
        let (seconds, attoseconds) = limit.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in expire() }
    }

    /// The shutdown finished: the countdown, if any, does nothing.
    func disarm() {
        state.store(State.disarmed.rawValue, ordering: .releasing)
    }

    private func expire() {
        guard state.compareExchange(expected: State.armed.rawValue, desired: State.disarmed.rawValue, ordering: .acquiringAndReleasing).exchanged else { return }
        let running = roster.names
        logger.error("the shutdown did not finish within \(limit) of the signal, though what was left was cancelled; exiting with status 4", metadata: [
            "running": "\(running.isEmpty ? "none of the server's services (the hang is after them)" : running.joined(separator: ", "))",
        ])
        overrun(running)
    }

    /// The server's answer to an overrun: exit at once with status 4. `_exit`, not `exit`: the
    /// process is stuck somewhere, and exit's handlers could wait on it too. The log is
    /// written unbuffered; standard output is flushed first.
    static let exitProcess: @Sendable ([String]) -> Void = { _ in
        fflush(nil)
        _exit(4)
    }
}
