// MARK: - CreationState

/// The life of a lazily created instance (a singleton, or a scoped instance in one scope).
///
/// The first resolver moves `idle → creating` and runs the factory outside any lock;
/// resolvers arriving meanwhile park a continuation instead of spinning, and are all
/// resumed with the creator's outcome. A failure returns the state to `idle`, so a
/// later resolution tries again.
enum CreationState<Value: Sendable>: Sendable {
    /// Nothing created yet.
    case idle
    /// A resolver is running the factory; these continuations wait for its outcome.
    case creating([Waiter<Value>])
    /// Created.
    case ready(Value)
}

/// A parked resolver, resumed with the creator's outcome (`nil`: look again).
typealias Waiter<Value: Sendable> = CheckedContinuation<Result<Value, ResolutionError>?, Never>

/// What a resolver decided to do after inspecting a ``CreationState`` under the lock.
enum CreationRole<Value: Sendable>: Sendable {
    /// The instance exists.
    case ready(Value)
    /// This resolver creates the instance.
    case create
    /// Another resolver is creating it: park and wait.
    case wait
}

// MARK: - Transitions

extension CreationState {
    /// Claims the state: returns the ready value, the right to create, or the need to wait.
    mutating func claim() -> CreationRole<Value> {
        switch self {
        case .ready(let value):
            return .ready(value)
        case .idle:
            self = .creating([])
            return .create
        case .creating:
            return .wait
        }
    }

    /// Parks `waiter` if creation is still under way; otherwise says how to resume it.
    mutating func park(_ waiter: Waiter<Value>) -> Result<Value, ResolutionError>?? {
        switch self {
        case .creating(var waiters):
            // Drop the enum's reference first so the append does not copy the array.
            self = .idle
            waiters.append(waiter)
            self = .creating(waiters)
            return .none
        case .ready(let value):
            return .some(.success(value))
        case .idle:
            return .some(nil)
        }
    }

    /// Records the creator's outcome and returns the waiters to resume with it.
    mutating func finish(_ outcome: Result<Value, ResolutionError>) -> [Waiter<Value>] {
        guard case .creating(let waiters) = self else { return [] }
        switch outcome {
        case .success(let value): self = .ready(value)
        case .failure: self = .idle
        }
        return waiters
    }
}
