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

    @Test("a service stuck in its shutdown is cancelled after the grace period, and the group ends")
    func stuckServiceIsCancelled() async throws {
        let started = Flag()
        let group = ShutdownAnnouncer.group(running: StuckService(started: started), logger: Logger(label: "test.shutdown"), gracePeriod: .seconds(1))
        let ended = Flag()
        let running = Task {
            try? await group.run()
            ended.value.store(true, ordering: .sequentiallyConsistent)
        }
        // The shutdown must reach a running service: on a busy machine the group may not have
        // started it yet after a fixed pause.
        let startLimit = ContinuousClock.now + .seconds(30)
        while !started.value.load(ordering: .sequentiallyConsistent), ContinuousClock.now < startLimit {
            try await Task.sleep(for: .milliseconds(20))
        }
        try await Task.sleep(for: .milliseconds(100))
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
