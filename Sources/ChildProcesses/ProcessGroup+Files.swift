#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

extension ProcessGroup {
    /// Starts `launch` in a new process group with its standard output and standard error
    /// appended to files (created when missing; the same path for both interleaves them, and
    /// `/dev/null` discards). For long-running children whose output nobody reads as it comes,
    /// a server under test say: a pipe nobody drains would stop the child once full.
    public static func spawn(_ launch: ProcessLaunch, outputPath: String, errorPath: String) throws(ProcessGroupError) -> ProcessGroup {
        let outputFD = try Self.openForAppending(outputPath)
        defer { close(outputFD) }
        let errorFD = try Self.openForAppending(errorPath)
        defer { close(errorFD) }
        let group = ProcessGroup(pid: try Spawner.spawn(launch, outputFD: outputFD, errorFD: errorFD))
        // No pipe to read: the thread only waits for the leader, and its output is "closed"
        // once it has exited.
        let thread = Thread {
            let status = group.reap(blocking: true) ?? .exited(-1)
            group.state.withLock { $0.outputClosed = true }
            group.publish(status)
        }
        thread.name = "process-\(group.pid)"
        thread.start()
        return group
    }

    /// Whether the leader is still running.
    public var isRunning: Bool { self.exitStatus == nil }

    private static func openForAppending(_ path: String) throws(ProcessGroupError) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .invalidLaunch("cannot open \(path): \(String(cString: strerror(errno)))") }
        return descriptor
    }
}
