import Core
import Foundation
import Logging
import ServiceLifecycle
import Store
import Synchronization

/// Answers agents' long polls the moment a job they can run becomes available.
///
/// A poll first tries to claim a job itself; if there is none it parks. Every change that
/// can make a job runnable (a build is created, a job ends, a lease expires) calls `wake()`,
/// which starts one dispatch pass: the parked polls are served oldest first, and once an
/// agent finds nothing, parked agents with the same tags are skipped for the rest of the
/// pass. So a new job costs about two claims however many agents wait, instead of every
/// parked poll racing for the database's single writer. Wakes during a pass run another
/// pass after it; a generation counter closes the gap between "found nothing" and "parked".
///
/// On graceful shutdown parked polls are answered "nothing" at once (the agent polls again,
/// elsewhere or after the restart), instead of holding the server open until their wait ends.
public final class JobDispatcher: Sendable {
    private let queue: any JobQueue
    private let leaseSeconds: Double
    private let clock: any TimeSource
    private let logger: Logger
    /// Where a wake is passed on to the other servers sharing the database.
    private let signals: any ClusterSignals
    private let state = Mutex(DispatchState())

    /// Creates the dispatcher over the job queue; a job handed out is leased for `leaseSeconds`.
    /// Wakes are passed on through `signals` to the other servers' dispatchers.
    public init(queue: any JobQueue, leaseSeconds: Double, clock: any TimeSource, logger: Logger, signals: any ClusterSignals = SingleServerSignals()) {
        self.queue = queue
        self.leaseSeconds = leaseSeconds
        self.clock = clock
        self.logger = logger
        self.signals = signals
    }

    /// A job for the agent, waiting up to `wait` for one; nil when none came in time.
    public func nextJob(for agent: Agent, wait: Duration) async throws(StoreError) -> JobAssignment? {
        let deadline = ContinuousClock.now + wait
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            let generation = state.withLock { $0.generation }
            if let job = try await queue.claimNextJob(agent: agent, leaseSeconds: leaseSeconds, now: clock.now) {
                return job
            }
            guard ContinuousClock.now < deadline else { return nil }
            switch await park(agent, seenGeneration: generation, until: deadline) {
            case .assigned(let job): return job
            case .timedOut: return nil
            case .retry: continue
            }
        }
        return nil
    }

    /// Serves parked polls, here and on the other servers, from the jobs that are runnable now.
    public func wake() {
        wakeHere()
        signals.publish(.jobsChanged)
    }

    /// Serves this server's parked polls from the jobs that are runnable now: what another
    /// server's signal, or the slow poll that backs signals up, asks for.
    public func wakeHere() {
        let startPass = state.withLock { state -> Bool in
            state.generation += 1
            guard !state.passRunning else {
                state.passRequested = true
                return false
            }
            if state.waiters.isEmpty { return false }
            state.passRunning = true
            return true
        }
        if startPass { Task { await self.runPasses() } }
    }

    /// Answers the parked polls of these agents at once with "no job" (their registration was
    /// revoked); the store refuses them work from then on.
    public func release(agentIDs: Set<Int64>) {
        guard !agentIDs.isEmpty else { return }
        let released = state.withLock { state -> [DispatchState.Waiter] in
            let ids = state.waiters.filter { agentIDs.contains($0.value.agent.id) }.map(\.key)
            return ids.compactMap { state.waiters.removeValue(forKey: $0) }
        }
        for waiter in released { waiter.continuation.resume(returning: .timedOut) }
    }

    /// How many polls are parked now.
    public var parkedPolls: Int { state.withLock { $0.waiters.count } }

    // MARK: Parking

    private func park(_ agent: Agent, seenGeneration: Int, until deadline: ContinuousClock.Instant) async -> ParkResult {
        let id = UUID()
        let timer = Task { [weak self] in
            try? await Task.sleep(until: deadline, clock: .continuous)
            self?.resume(id, with: .timedOut)
        }
        let result = await withTaskCancellationHandler {
            // The request runs inside the HTTP server's service, so it sees that service's
            // graceful shutdown (SIGTERM, SIGINT) and can stop waiting at once.
            await withGracefulShutdownHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<ParkResult, Never>) in
                    let missedWake = state.withLock { state in
                        // Checked under the lock the shutdown handler's resume takes: either this
                        // sees the shutdown, or the handler sees this waiter.
                        // A cancelled request (its client left) parks no more: its cancellation
                        // handler may already have run and found no waiter to resume.
                        if state.generation != seenGeneration || Task.isShuttingDownGracefully || Task.isCancelled { return true }
                        state.sequence += 1
                        state.waiters[id] = DispatchState.Waiter(agent: agent, order: state.sequence, deadline: deadline, continuation: continuation)
                        return false
                    }
                    if missedWake { continuation.resume(returning: .retry) }
                }
            } onGracefulShutdown: {
                self.resume(id, with: .timedOut)
            }
        } onCancel: {
            resume(id, with: .timedOut)
        }
        timer.cancel()
        return result
    }

    private func resume(_ id: UUID, with result: ParkResult) {
        state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume(returning: result)
    }

    // MARK: Dispatch passes

    /// Runs passes until no wake arrived during the last one.
    private func runPasses() async {
        while true {
            await runOnePass()
            let again = state.withLock { state -> Bool in
                if state.passRequested, !state.waiters.isEmpty {
                    state.passRequested = false
                    return true
                }
                state.passRequested = false
                state.passRunning = false
                return false
            }
            if !again { return }
        }
    }

    /// Offers work to each parked poll, oldest first, skipping tag sets that found none.
    private func runOnePass() async {
        // Sort plain (order, id) pairs: sorting the waiters themselves copies agents and
        // continuations around and showed up in profiles with hundreds of parked polls.
        let parked = state.withLock { state in state.waiters.map { ($0.value.order, $0.key) } }.sorted { $0.0 < $1.0 }.map(\.1)
        var idleTags: Set<[String: String]> = []
        for id in parked {
            // Take the waiter out while claiming for it, so its timer cannot answer it
            // "nothing" while a job is being assigned to it.
            guard let waiter = state.withLock({ $0.waiters.removeValue(forKey: id) }) else { continue }
            if idleTags.contains(waiter.agent.tags) {
                putBack(id, waiter)
                continue
            }
            do {
                if let job = try await queue.claimNextJob(agent: waiter.agent, leaseSeconds: leaseSeconds, now: clock.now) {
                    waiter.continuation.resume(returning: .assigned(job))
                } else {
                    idleTags.insert(waiter.agent.tags)
                    putBack(id, waiter)
                }
            } catch {
                logger.error("dispatch failed", metadata: ["agent": "\(waiter.agent.id)", "error": "\(error)"])
                putBack(id, waiter)
            }
        }
    }

    /// Parks the waiter again, or answers it if its wait ran out while it was out.
    private func putBack(_ id: UUID, _ waiter: DispatchState.Waiter) {
        if ContinuousClock.now >= waiter.deadline {
            waiter.continuation.resume(returning: .timedOut)
            return
        }
        state.withLock { $0.waiters[id] = waiter }
    }
}

// MARK: - State

/// How a parked poll ends.
enum ParkResult: Sendable {
    /// A dispatch pass assigned this job to the agent.
    case assigned(JobAssignment)
    /// The wait ran out (or the request was cancelled).
    case timedOut
    /// Something changed between the poll's own claim and parking: claim again.
    case retry
}

/// The dispatcher's mutable state, guarded by its mutex.
struct DispatchState: Sendable {
    /// One parked long poll.
    struct Waiter: Sendable {
        let agent: Agent
        /// Arrival order: older polls are served first.
        let order: Int
        let deadline: ContinuousClock.Instant
        let continuation: CheckedContinuation<ParkResult, Never>
    }

    var generation = 0
    var sequence = 0
    var waiters: [UUID: Waiter] = [:]
    var passRunning = false
    var passRequested = false
}
