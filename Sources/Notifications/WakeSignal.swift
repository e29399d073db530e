import Synchronization

// MARK: - WakeSignal

/// A one-slot doorbell: ``signal()`` wakes the task in ``wait(upTo:sleep:)``, or, when nobody
/// is waiting, makes the next wait return at once, so a wake-up is never lost between passes.
final class WakeSignal: Sendable {
    private struct State {
        /// A signal arrived while nobody waited.
        var pending = false
        /// The waiting task, tagged so a late cancellation handler cannot resume a newer wait.
        var waiter: (id: UInt64, continuation: CheckedContinuation<Void, Never>)?
        var nextID: UInt64 = 0
    }

    // Sendable through the Mutex: every access to the state goes through `withLock`.
    private let state = Mutex(State())

    // MARK: Signalling

    /// Wakes the waiter, or remembers the signal for the next wait.
    func signal() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter.continuation
        }
        waiter?.resume()
    }

    // MARK: Waiting

    /// Returns after a signal, after `timeout` (measured by `sleep`), or on cancellation.
    func wait(upTo timeout: Duration, sleep: @escaping @Sendable (Duration) async throws -> Void) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.waitForSignal() }
            group.addTask { try? await sleep(timeout) }
            _ = await group.next()
            group.cancelAll()
        }
    }

    /// Returns after a signal (or a pending one) or when the task is cancelled.
    private func waitForSignal() async {
        let id = state.withLock { state -> UInt64 in
            state.nextID &+= 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                // Checking cancellation under the lock closes the race with `onCancel`
                // running before the continuation is stored.
                let resumeNow = state.withLock { state -> Bool in
                    if state.pending || Task.isCancelled {
                        state.pending = false
                        return true
                    }
                    state.waiter = (id, continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard let waiter = state.waiter, waiter.id == id else { return nil }
                state.waiter = nil
                return waiter.continuation
            }
            waiter?.resume()
        }
    }
}
