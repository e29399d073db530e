import Core
import Foundation
import Store
import Synchronization

/// Answers agents' long polls the moment a job they can run becomes available.
///
/// An agent's poll first tries to claim a job; if there is none it parks until something
/// changes (a build is created, a job ends, a lease expires) or its wait runs out. Every
/// change calls `wake()`, and parked polls try again. A generation counter closes the gap
/// between "found nothing" and "parked", so a wake in between is never missed.
public final class JobDispatcher: Sendable {
    private let queue: any JobQueue
    private let leaseSeconds: Double
    private let state = Mutex<(generation: Int, waiters: [UUID: CheckedContinuation<Void, Never>])>((0, [:]))

    /// Creates the dispatcher over the job queue.
    public init(queue: any JobQueue, configuration: ServerConfiguration) {
        self.queue = queue
        self.leaseSeconds = configuration.leaseSeconds
    }

    /// A job for the agent, waiting up to `wait` for one; nil when none came in time.
    public func nextJob(for agent: Agent, wait: Duration) async throws(StoreError) -> JobAssignment? {
        let deadline = ContinuousClock.now + wait
        while !Task.isCancelled {
            let generation = state.withLock { $0.generation }
            if let job = try queue.claimNextJob(agent: agent, leaseSeconds: leaseSeconds, now: Date()) {
                return job
            }
            guard ContinuousClock.now < deadline else { return nil }
            await park(seenGeneration: generation, until: deadline)
        }
        return nil
    }

    /// Wakes every parked poll to look for work again.
    public func wake() {
        let waiters = state.withLock { state in
            state.generation += 1
            let parked = state.waiters
            state.waiters.removeAll()
            return parked
        }
        for continuation in waiters.values { continuation.resume() }
    }

    /// How many polls are parked now.
    public var parkedPolls: Int { state.withLock { $0.waiters.count } }

    // MARK: Parking

    private func park(seenGeneration: Int, until deadline: ContinuousClock.Instant) async {
        let id = UUID()
        let timer = Task { [weak self] in
            try? await Task.sleep(until: deadline, clock: .continuous)
            self?.resume(id)
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let missedWake = state.withLock { state in
                    if state.generation != seenGeneration { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if missedWake { continuation.resume() }
            }
        } onCancel: {
            resume(id)
        }
        timer.cancel()
    }

    private func resume(_ id: UUID) {
        state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
    }
}
