import Synchronization

// MARK: - TransferCompletion

/// One request's answer slot, shared by the awaiting caller, its cancellation handler and
/// the transfer thread.
///
/// Whoever finishes first wins and the rest become no-ops; that makes the races between
/// cancellation, completion and shutdown harmless and guarantees the continuation is
/// resumed exactly once.
final class TransferCompletion: Sendable {
    typealias Outcome = Result<HTTPResponse, HTTPClientError>
    typealias Continuation = CheckedContinuation<Outcome, Never>

    /// Where the slot is in its life.
    private enum State {
        /// Created; the caller has not started waiting yet.
        case idle
        /// The caller is suspended on this continuation.
        case waiting(Continuation)
        /// Finished (cancelled) before the caller started waiting; handed over on `start`.
        case finishedEarly(Outcome)
        /// The caller has its answer.
        case done
    }

    private let state = Mutex<State>(.idle)

    /// Identifies the transfer in commands sent to the transfer thread.
    var id: ObjectIdentifier { ObjectIdentifier(self) }

    // MARK: Caller side

    /// Parks `continuation`, then runs `submit` unless the request was already finished.
    func start(_ continuation: Continuation, submit: () -> Void) {
        let early: Outcome? = self.state.withLock { state in
            switch state {
            case .finishedEarly(let outcome):
                state = .done
                return outcome
            case .idle, .waiting, .done:
                state = .waiting(continuation)
                return nil
            }
        }
        if let early {
            continuation.resume(returning: early)
        } else {
            submit()
        }
    }

    // MARK: Any side

    /// Delivers `outcome` if nobody has yet; returns whether this call was the one.
    @discardableResult
    func finish(_ outcome: Outcome) -> Bool {
        let continuation: Continuation?? = self.state.withLock { state in
            switch state {
            case .idle:
                state = .finishedEarly(outcome)
                return .some(nil)
            case .waiting(let continuation):
                state = .done
                return .some(continuation)
            case .finishedEarly, .done:
                return nil
            }
        }
        guard let continuation else { return false }
        // Resume outside the lock: resuming may run arbitrary scheduling work.
        continuation?.resume(returning: outcome)
        return true
    }

    /// Whether an answer has already been delivered (so starting the transfer is pointless).
    var isFinished: Bool {
        self.state.withLock { state in
            switch state {
            case .idle, .waiting: false
            case .finishedEarly, .done: true
            }
        }
    }
}
