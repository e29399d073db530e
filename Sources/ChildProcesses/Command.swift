#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

// MARK: - Command

/// Runs a short command to completion and captures what it printed: `git rev-parse`, a
/// helper script, a tool a test drives.
///
/// Standard output and standard error come back separately, read from two pipes with `poll`,
/// so a command that fills one while the other is being read cannot block.
public enum Command {
    /// Runs `launch`, blocking the calling thread until it exits and both pipes are closed:
    /// for threads of one's own (a dispatch queue, a `Thread`); async code awaits the
    /// overload below, which never holds a cooperative thread.
    @available(*, noasync, message: "blocks a cooperative thread; use the async overload")
    public static func run(_ launch: ProcessLaunch) throws(ProcessGroupError) -> CommandOutput {
        try run(launch, started: { _ in })
    }

    /// Runs `launch`, blocking like the plain `run`, and hands `started` the child's pid (also
    /// its process group's id) once it runs, so another thread can stop it while this one waits.
    @available(*, noasync, message: "blocks a cooperative thread; call it from a thread of one's own")
    public static func run(_ launch: ProcessLaunch, started: (pid_t) -> Void) throws(ProcessGroupError) -> CommandOutput {
        try run(launch, started: started, standardOutput: { _ in })
    }

    /// Runs `launch` like the one above, also handing `standardOutput` each chunk of standard
    /// output as it arrives (on this thread, in order), for a caller that reads it as it streams.
    @available(*, noasync, message: "blocks a cooperative thread; call it from a thread of one's own")
    public static func run(
        _ launch: ProcessLaunch, started: (pid_t) -> Void, standardOutput: ([UInt8]) -> Void
    ) throws(ProcessGroupError) -> CommandOutput {
        let (pid, outputFD, errorFD) = try Spawner.spawnWithTwoPipes(launch)
        started(pid)
        let (output, errors) = Self.drain(outputFD, errorFD, standardOutput: standardOutput)
        return CommandOutput(status: Self.reap(pid), standardOutput: output, standardError: errors)
    }

    /// Runs `launch` on a thread of its own, so the caller's task waits without holding one of
    /// the cooperative pool's few threads (a server under test may need them meanwhile).
    public static func run(_ launch: ProcessLaunch) async throws(ProcessGroupError) -> CommandOutput {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<CommandOutput, ProcessGroupError>, Never>) in
            let thread = Thread {
                do throws(ProcessGroupError) {
                    continuation.resume(returning: .success(try Self.run(launch)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
            thread.name = "command"
            thread.start()
        }
        return try result.get()
    }

    /// Reads both descriptors until each reaches end of file, then closes them.
    private static func drain(_ outputFD: Int32, _ errorFD: Int32, standardOutput: ([UInt8]) -> Void) -> ([UInt8], [UInt8]) {
        var collected: [[UInt8]] = [[], []]
        var descriptors = [pollfd(fd: outputFD, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: errorFD, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while descriptors.contains(where: { $0.fd >= 0 }) {
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            for index in descriptors.indices where descriptors[index].fd >= 0 && descriptors[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptors[index].fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    collected[index] += buffer[0..<count]
                    if index == 0 { standardOutput(Array(buffer[0..<count])) }
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    close(descriptors[index].fd)
                    // A negative fd makes poll skip the entry.
                    descriptors[index].fd = -1
                }
            }
        }
        for descriptor in descriptors where descriptor.fd >= 0 { close(descriptor.fd) }
        return (collected[0], collected[1])
    }

    /// Waits for `pid` to exit.
    private static func reap(_ pid: pid_t) -> ExitStatus {
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 {
            // ECHILD: someone else reaped it and the status is lost.
            guard errno == EINTR else { return .exited(-1) }
        }
        return ExitStatus(waitStatus: raw)
    }
}

// MARK: - CommandOutput

/// How a command ended and what it printed.
public struct CommandOutput: Sendable, Equatable {
    /// How it ended.
    public var status: ExitStatus
    /// Everything it wrote to standard output.
    public var standardOutput: [UInt8]
    /// Everything it wrote to standard error.
    public var standardError: [UInt8]

    /// Standard output as UTF-8 text (invalid bytes replaced).
    public var text: String { String(decoding: self.standardOutput, as: UTF8.self) }

    /// Standard error as UTF-8 text, trimmed, for messages.
    public var errorText: String {
        String(decoding: self.standardError, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
