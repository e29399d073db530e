import Foundation
import Synchronization

/// A clock that moves only when told to: tests set it to the instant they check and every
/// service and background loop composed with it sees the same time.
///
/// A sleeper wakes when ``advance(by:)`` or ``set(_:)`` moves the clock to or past its
/// deadline, or throws `CancellationError` when its task is canceled, so a loop sleeping on
/// a manual clock shuts down as promptly as one on the system clock.
public final class ManualClock: TimeSource {
    private struct Sleeper {
        let deadline: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Date
        var nextID = 0
        var sleepers: [Int: Sleeper] = [:]
        /// Sleepers that have an id but have not registered their continuation yet.
        var unregistered: Set<Int> = []
        /// Of those, the ones canceled in that window.
        var canceled: Set<Int> = []
    }

    // Mutex makes the class Sendable: all state lives behind it.
    private let state: Mutex<State>

    /// A clock standing at `start`.
    public init(at start: Date) {
        state = Mutex(State(now: start))
    }

    /// The clock's current reading.
    public var now: Date { state.withLock { $0.now } }

    /// How many tasks are sleeping on this clock; lets a test wait until a loop parks.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Moves the clock forward by `interval` seconds and wakes the sleepers now due.
    public func advance(by interval: TimeInterval) {
        move { $0.addingTimeInterval(max(0, interval)) }
    }

    /// Sets the clock to `instant` (forward or back) and wakes the sleepers now due.
    public func set(_ instant: Date) {
        move { _ in instant }
    }

    /// Suspends until the clock reaches `now + duration`.
    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state -> Int in
            state.nextID += 1
            state.unregistered.insert(state.nextID)
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { state -> Result<Void, any Error>? in
                    state.unregistered.remove(id)
                    if state.canceled.remove(id) != nil { return .failure(CancellationError()) }
                    let deadline = state.now.addingTimeInterval(duration.timeInterval)
                    if deadline <= state.now { return .success(()) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                if let sleeper = state.sleepers.removeValue(forKey: id) { return sleeper }
                if state.unregistered.contains(id) { state.canceled.insert(id) }
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    private func move(_ change: (Date) -> Date) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = change(state.now)
            let ready = state.sleepers.filter { $0.value.deadline <= state.now }
            for id in ready.keys { state.sleepers[id] = nil }
            return Array(ready.values)
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
