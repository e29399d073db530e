import Synchronization

/// The first of several possible answers, handed to one waiting continuation: a result, a
/// deadline, a cancellation or a shutdown, whichever comes first. An answer given before the
/// continuation exists is kept and handed over as soon as it does.
public final class OneAnswer<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var early: Result<T, any Error>?
        var answered = false
    }

    private let state = Mutex(State())

    /// An answer not yet given.
    public init() {}

    /// Sets the continuation to resume; at once if an answer came first.
    public func wait(_ continuation: CheckedContinuation<T, any Error>) {
        let early: Result<T, any Error>? = state.withLock { state in
            if let early = state.early { return early }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    /// Gives `result` unless another answer was given first.
    public func give(_ result: Result<T, any Error>) {
        let continuation: CheckedContinuation<T, any Error>? = state.withLock { state in
            guard !state.answered else { return nil }
            state.answered = true
            guard let continuation = state.continuation else {
                state.early = result
                return nil
            }
            state.continuation = nil
            return continuation
        }
        continuation?.resume(with: result)
    }
}
