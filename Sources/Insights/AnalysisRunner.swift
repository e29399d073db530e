import Core
import Foundation
import Impact
import MemberwiseInit
import Synchronization

/// Runs impact analyses and dependency checks: each on a thread of its own (git and the
/// readers block), a few at once, each answered within a deadline, all stopped on shutdown.
///
/// They used to share one serial queue: a single slow request (a clone of a large repository,
/// a pattern that took minutes to match) held every later one, and a shutdown waited for it.
/// Now a request waits for a free slot at most until its deadline; one that runs past it is
/// answered at once, and its git is killed. The slot stays taken until its thread really
/// ends, so stuck work can never add up to more than ``ImpactLimits/concurrentAnalyses``.
@MemberwiseInit
final class AnalysisRunner: Sendable {
    /// How to stop a running analysis and answer its caller.
    private typealias Active = (cancellation: Cancellation, fail: @Sendable (any Error) -> Void)

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var running = 0
        var waiting: [Waiter] = []
        var nextID: UInt64 = 0
        /// Running analyses by id: how to stop each and answer its caller.
        var active: [UInt64: Active] = [:]
        /// Requests given a slot and not yet running: a deadline that passes then is kept
        /// in `expired` and met as the request starts, instead of finding nothing to stop.
        var admitted = Set<UInt64>()
        var expired = Set<UInt64>()
        var stopping = false
    }

    private let limits: ImpactLimits
    private let state = Mutex(State())

    /// `work`'s result, or ``AnalysisUnavailable`` when no slot frees up, the deadline passes or
    /// the server shuts down first. `work` should stop early once its cancellation is set.
    func run<T: Sendable>(_ work: @escaping @Sendable (Cancellation) throws -> T) async throws -> T {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        let deadline = ContinuousClock.now + limits.deadline
        let timer = Task { [weak self] in
            try await Task.sleep(until: deadline, clock: .continuous)
            self?.expire(id)
        }
        defer { timer.cancel() }
        try await acquire(id)
        let cancellation = Cancellation()
        let answer = OneAnswer<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                answer.wait(continuation)
                let (stopping, expired) = state.withLock { state -> (Bool, Bool) in
                    state.admitted.remove(id)
                    if state.expired.remove(id) != nil { return (state.stopping, true) }
                    state.active[id] = (cancellation, { answer.give(.failure($0)) })
                    return (state.stopping, false)
                }
                if expired {
                    release(id)
                    answer.give(.failure(AnalysisUnavailable.timedOut(limits)))
                    return
                }
                if stopping {
                    answer.give(.failure(AnalysisUnavailable.shuttingDown))
                    cancellation.cancel()
                }
                let thread = Thread { [self] in
                    let result = Result { try work(cancellation) }
                    release(id)
                    answer.give(result)
                }
                thread.name = "analysis"
                thread.start()
            }
        } onCancel: {
            answer.give(.failure(CancellationError()))
            cancellation.cancel()
        }
    }

    /// Stops every analysis and answers its caller 503; later requests are refused at once.
    func stopAll() {
        let (active, waiting) = state.withLock { state -> ([Active], [Waiter]) in
            state.stopping = true
            defer { state.waiting = [] }
            return (Array(state.active.values), state.waiting)
        }
        // Each caller is answered before its work is stopped: the stopped work fails too, and
        // its error must not be the answer the caller gets.
        for (cancellation, fail) in active {
            fail(AnalysisUnavailable.shuttingDown)
            cancellation.cancel()
        }
        for waiter in waiting { waiter.continuation.resume(throwing: AnalysisUnavailable.shuttingDown) }
    }

    // MARK: Slots

    private func acquire(_ id: UInt64) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let admitted = state.withLock { state -> Result<Void, any Error>? in
                if state.stopping { return .failure(AnalysisUnavailable.shuttingDown) }
                if state.running < limits.concurrentAnalyses {
                    state.running += 1
                    state.admitted.insert(id)
                    return .success(())
                }
                state.waiting.append(Waiter(id: id, continuation: continuation))
                return nil
            }
            if let admitted { continuation.resume(with: admitted) }
        }
    }

    /// Frees the slot of a thread that ended, handing it to the longest waiter.
    private func release(_ id: UInt64) {
        let next = state.withLock { state -> Waiter? in
            state.active[id] = nil
            guard !state.waiting.isEmpty else {
                state.running -= 1
                return nil
            }
            let next = state.waiting.removeFirst()
            state.admitted.insert(next.id)
            return next
        }
        next?.continuation.resume()
    }

    /// The deadline of request `id` passed: a waiter is refused, a running analysis stopped.
    private func expire(_ id: UInt64) {
        let (waiter, running) = state.withLock { state -> (Waiter?, Active?) in
            let index = state.waiting.firstIndex { $0.id == id }
            if state.admitted.contains(id) { state.expired.insert(id) }
            return (index.map { state.waiting.remove(at: $0) }, state.active[id])
        }
        waiter?.continuation.resume(throwing: AnalysisUnavailable.busy(limits))
        if let (cancellation, fail) = running {
            fail(AnalysisUnavailable.timedOut(limits))
            cancellation.cancel()
        }
    }
}
