import Foundation
import Store
import Synchronization

/// The PostgreSQL process serving one session, stopped with SIGSTOP as a frozen machine or a
/// lost network would leave it (the session stays open, nothing answers), and let go again.
///
/// The test server must run on this machine, as `make test`'s does.
final class StoppedBackend: Sendable {
    private let stopped = Mutex<Int32?>(nil)

    /// Stops process `pid`.
    /// - Throws: When it cannot be signalled (not on this machine, or not ours to signal).
    func stop(_ pid: Int32) throws {
        guard kill(pid, SIGSTOP) == 0 else {
            throw StoreError.database("cannot stop PostgreSQL process \(pid) (errno \(errno)): the test server must run on this machine")
        }
        stopped.withLock { $0 = pid }
    }

    /// Whether a process is stopped now.
    var isStopped: Bool { stopped.withLock { $0 != nil } }

    /// Lets the stopped process run again; does nothing when none is stopped.
    func resume() {
        let pid = stopped.withLock { stopped -> Int32? in
            defer { stopped = nil }
            return stopped
        }
        if let pid { kill(pid, SIGCONT) }
    }

    /// Waits until a process is stopped, at most `limit`.
    func waitUntilStopped(limit: Duration = .seconds(30)) async throws {
        let deadline = ContinuousClock.now + limit
        while !isStopped {
            guard ContinuousClock.now < deadline else { throw StoreError.database("no PostgreSQL process was stopped within \(limit)") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
