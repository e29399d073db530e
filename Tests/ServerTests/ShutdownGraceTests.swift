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
        func run() async throws {
            try? await gracefulShutdown()
            try await Task.sleep(for: .seconds(3_600))
        }
    }

    final class Ended: Sendable {
        let value = Atomic<Bool>(false)
    }

    @Test("a service stuck in its shutdown is cancelled after the grace period, and the group ends")
    func stuckServiceIsCancelled() async throws {
        let group = ShutdownAnnouncer.group(running: StuckService(), logger: Logger(label: "test.shutdown"), gracePeriod: .seconds(1))
        let ended = Ended()
        let running = Task {
            try? await group.run()
            ended.value.store(true, ordering: .sequentiallyConsistent)
        }
        try await Task.sleep(for: .milliseconds(200))
        await group.triggerGracefulShutdown()
        let deadline = ContinuousClock.now + .seconds(10)
        while !ended.value.load(ordering: .sequentiallyConsistent), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        let didEnd = ended.value.load(ordering: .sequentiallyConsistent)
        #expect(didEnd, "the group still waits for the stuck service 10 s after shutdown began")
        running.cancel()
    }
}
