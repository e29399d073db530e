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

    /// Ignores cancellation too: after the shutdown it waits for a gate only the test opens, as
    /// an await inside a library that never completes would.
    struct DeafService: Service {
        let started: Flag
        let gate: Gate

        func run() async throws {
            started.value.store(true, ordering: .sequentiallyConsistent)
            try? await gracefulShutdown()
            await gate.wait()
        }
    }

    final class Flag: Sendable {
        let value = Atomic<Bool>(false)
    }

    /// Waiters that only ``open()`` lets go: no cancellation handler.
    final class Gate: Sendable {
        private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

        func wait() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    if state.open { return true }
                    state.waiters.append(continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        }

        func open() {
            let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.open = true
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume() }
        }
    }

    /// What the deadline reported, if it expired.
    final class Overrun: Sendable {
        let names = Mutex<[String]?>(nil)
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

    /// The grace period's cancellation cannot end a service that ignores it; the deadline must
    /// then name what still runs and end the process (here: report to the test) by itself.
    @Test("a service that ignores cancellation too: the deadline names it and ends the process", .timeLimit(.minutes(2)))
    func deafServiceMeetsTheDeadline() async throws {
        let started = Flag(), gate = Gate(), overrun = Overrun()
        let roster = ServiceRoster()
        let logger = Logger(label: "test.shutdown")
        let deadline = ShutdownDeadline(limit: .seconds(2), roster: roster, logger: logger) { names in
            overrun.names.withLock { $0 = names }
        }
        let deaf = roster.watching(DeafService(started: started, gate: gate), as: "deaf")
        let group = ShutdownAnnouncer.group(running: deaf, logger: logger, gracePeriod: .seconds(1), deadline: deadline)
        let running = Task { try? await group.run() }
        while !started.value.load(ordering: .sequentiallyConsistent) {
            try await Task.sleep(for: .milliseconds(20))
        }
        await group.triggerGracefulShutdown()
        // Without the deadline nothing is reported, ever, and the time limit fails the test.
        while overrun.names.withLock({ $0 }) == nil {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(overrun.names.withLock { $0 } == ["deaf"])
        // Let the group end, so the test leaves nothing behind.
        gate.open()
        await running.value
    }

    /// Returns at once.
    struct QuickService: Service {
        func run() async throws {}
    }

    /// Runs until the test opens its gate.
    struct GatedService: Service {
        let gate: Gate

        func run() async throws {
            await gate.wait()
        }
    }

    @Test("the roster lists the services whose run has started and not returned")
    func rosterListsRunningServices() async throws {
        let roster = ServiceRoster()
        let gate = Gate()
        let quick = roster.watching(QuickService(), as: "quick")
        let gated = roster.watching(GatedService(gate: gate))
        #expect(roster.names.isEmpty)
        let running = Task { try? await gated.run() }
        try await quick.run()
        while roster.names.isEmpty {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(roster.names == ["GatedService"])
        gate.open()
        await running.value
        #expect(roster.names.isEmpty)
    }
}
