import Logging
import ServiceLifecycle
import Synchronization
import Testing
@testable import Server

/// A graceful shutdown that some service never finishes is cancelled after the grace period,
/// so the server always ends by itself.
@Suite("Shutdown: the grace period")
struct ShutdownGraceTests {
    /// Hears the graceful shutdown, then waits on something that only cancellation ends: a
    /// stand-in for an await that never completes.
    struct StuckService: Service {
        let started: Flag

        func run() async throws {
            started.value.store(true, ordering: .sequentiallyConsistent)
            try? await gracefulShutdown()
            try await Task.sleep(for: .seconds(3_600))
        }
    }

    final class Flag: Sendable {
        let value = Atomic<Bool>(false)
    }

    /// The group must end by itself; how soon is not this test's business (the pool it runs on
    /// is shared with every other suite, busy with real work at the start of a run), so no
    /// wall-clock deadline here: the time limit only turns a group that never ends into a failure.
    @Test("a service stuck in its shutdown is cancelled after the grace period, and the group ends", .timeLimit(.minutes(2)))
    func stuckServiceIsCancelled() async throws {
        let started = Flag()
        let group = ShutdownAnnouncer.group(running: StuckService(started: started), logger: Logger(label: "test.shutdown"), gracePeriod: .seconds(1))
        let ended = Flag()
        let running = Task {
            try? await group.run()
            ended.value.store(true, ordering: .sequentiallyConsistent)
        }
        // The shutdown must reach a running service.
        while !started.value.load(ordering: .sequentiallyConsistent) {
            try await Task.sleep(for: .milliseconds(20))
        }
        await group.triggerGracefulShutdown()
        while !ended.value.load(ordering: .sequentiallyConsistent) {
            try await Task.sleep(for: .milliseconds(50))
        }
        // Reaching this line is the check: without the grace period the group waits for the
        // stuck service forever and the time limit fails the test.
        running.cancel()
    }
}
