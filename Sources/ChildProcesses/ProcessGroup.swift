#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import MemberwiseInit
import Synchronization

// MARK: - ProcessGroup

/// A child process started as the leader of its own process group, with stdout and stderr
/// merged into one pipe that a dedicated thread reads.
///
/// Signals go to the whole group, so `terminate` stops a command *and* everything it
/// started (`sleep 300 & sleep 300; wait` included). The leader exiting completes
/// ``wait()``; background members may keep writing output until the group is terminated.
@MemberwiseInit
public final class ProcessGroup: Sendable {
    /// The leader's pid, which is also the group id.
    public let pid: pid_t

    /// Exit status, output state and waiters; touched by the monitor thread and by tasks.
    let state = Mutex(State())

    struct State {
        var status: ExitStatus?
        var outputClosed = false
        var abandonOutput = false
        var waiters: [CheckedContinuation<ExitStatus, Never>] = []
    }

    // MARK: Launching

    /// Starts `launch` in a new process group; every chunk of its output goes to `output`
    /// (on the monitor thread, in order).
    public static func spawn(
        _ launch: ProcessLaunch,
        output: @escaping @Sendable ([UInt8]) -> Void
    ) throws(ProcessGroupError) -> ProcessGroup {
        let (pid, readFD) = try Spawner.spawnWithPipe(launch)
        let group = ProcessGroup(pid: pid)
        let thread = Thread { group.monitor(readFD: readFD, output: output) }
        thread.name = "process-\(pid)"
        thread.start()
        return group
    }

    // MARK: Waiting

    /// Waits until the leader exits, then up to `drain` for the rest of its output to arrive.
    public func wait(drain: Duration = .milliseconds(300)) async -> ExitStatus {
        let status = await withCheckedContinuation { (continuation: CheckedContinuation<ExitStatus, Never>) in
            let known: ExitStatus? = self.state.withLock { state in
                if let status = state.status { return status }
                state.waiters.append(continuation)
                return nil
            }
            if let known { continuation.resume(returning: known) }
        }
        _ = await self.waitForOutputClose(within: drain)
        return status
    }

    /// Waits up to `limit` for every holder of the output pipe to close it; true if they did.
    public func waitForOutputClose(within limit: Duration) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while !self.isOutputClosed {
            guard ContinuousClock.now < deadline else { return false }
            await Self.pause(.milliseconds(20))
        }
        return true
    }

    /// Sleeps even when the task is already cancelled (so polling loops cannot spin).
    static func pause(_ duration: Duration) async {
        do { try await Task.sleep(for: duration) } catch {
            // A new task does not inherit the cancellation.
            await Task { try? await Task.sleep(for: duration) }.value
        }
    }

    /// The leader's exit status once it has exited.
    public var exitStatus: ExitStatus? { self.state.withLock { $0.status } }

    /// Whether the output pipe reached end of file (nothing in the group holds it any more).
    public var isOutputClosed: Bool { self.state.withLock { $0.outputClosed } }

    /// Whether something in the group may still be running.
    public var mayBeRunning: Bool { self.state.withLock { $0.status == nil || !$0.outputClosed } }

    // MARK: Signals

    /// Sends `signal` to every process in the group.
    public func signal(_ signal: Int32) {
        _ = kill(-self.pid, signal)
    }

    /// SIGTERM to the group now, SIGKILL after `grace` if anything in it may still run,
    /// then stops reading output that a process outside the group might still hold.
    public func terminate(grace: Duration) {
        guard self.mayBeRunning else { return }
        self.signal(SIGTERM)
        Task {
            try? await Task.sleep(for: grace)
            guard self.mayBeRunning else { return }
            self.signal(SIGKILL)
            if await !self.waitForOutputClose(within: .seconds(2)) {
                self.state.withLock { $0.abandonOutput = true }
            }
        }
    }

    // MARK: Monitor thread

    /// Reads output until end of file (or until abandoned) and reaps the leader.
    private func monitor(readFD: Int32, output: @Sendable ([UInt8]) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var outputOpen = true
        while outputOpen, !self.state.withLock({ $0.abandonOutput }) {
            var descriptor = pollfd(fd: readFD, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 100)
            if ready > 0 {
                let count = buffer.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
                if count > 0 {
                    output(Array(buffer[0..<count]))
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    outputOpen = false
                }
            } else if ready < 0, errno != EINTR {
                outputOpen = false
            }
            if self.exitStatus == nil, let status = self.reap(blocking: false) {
                self.publish(status)
            }
        }
        close(readFD)
        self.state.withLock { $0.outputClosed = true }
        if self.exitStatus == nil {
            self.publish(self.reap(blocking: true) ?? .exited(-1))
        }
    }

    /// `waitpid` for the leader; nil if it is still running (or waiting failed transiently).
    func reap(blocking: Bool) -> ExitStatus? {
        var raw: Int32 = 0
        while true {
            let result = waitpid(self.pid, &raw, blocking ? 0 : WNOHANG)
            if result == self.pid { return ExitStatus(waitStatus: raw) }
            if result == 0 { return nil }
            if errno == EINTR { continue }
            // ECHILD: someone else reaped it; the status is lost.
            return .exited(-1)
        }
    }

    func publish(_ status: ExitStatus) {
        let waiters = self.state.withLock { state -> [CheckedContinuation<ExitStatus, Never>] in
            state.status = status
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: status) }
    }
}
