import Foundation
import MemberwiseInit
import Store
import Synchronization

/// Withdraws lease waits that have gone on too long: one task ticking for every call, instead
/// of a timer task per call (which cost about a millisecond a call).
@MemberwiseInit
final class LeaseWatchdog: Sendable {
    private struct Waiting: Sendable {
        let deadline: ContinuousClock.Instant
        let handOff: ConnectionHandOff
        let holder: Task<Void, Never>
    }

    private let waiting = Mutex<[UInt64: Waiting]>([:])
    private let nextID = Atomic<UInt64>(0)
    private let limit: Duration
    private let failure: @Sendable () -> any Error

    /// Watches a wait; answers the id to `release` once the connection came (or the call ended).
    func watch(_ handOff: ConnectionHandOff, holder: Task<Void, Never>) -> UInt64 {
        let id = nextID.add(1, ordering: .relaxed).newValue
        let entry = Waiting(deadline: .now + limit, handOff: handOff, holder: holder)
        waiting.withLock { $0[id] = entry }
        return id
    }

    /// Stops watching a wait.
    func release(_ id: UInt64) {
        waiting.withLock { _ = $0.removeValue(forKey: id) }
    }

    /// Ticks every quarter second (a wait is given up at most that late) until cancelled.
    func run() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(250))
            let now = ContinuousClock.now
            let expired: [Waiting] = waiting.withLock { waiting in
                let expired = waiting.filter { $0.value.deadline <= now }
                for id in expired.keys { waiting.removeValue(forKey: id) }
                return Array(expired.values)
            }
            for entry in expired where entry.handOff.giveUp(failure()) { entry.holder.cancel() }
        }
    }
}
