import Synchronization

// MARK: - SingletonCell

/// The storage of one singleton: published with one atomic store once created, so the
/// hot path is a single acquiring load; creation is coordinated under a lock.
@usableFromInline
final class SingletonCell<S: Sendable>: Sendable {
    /// The created instance. Unretained because `state` keeps the box alive for the
    /// cell's whole life.
    @usableFromInline let published: Atomic<Unmanaged<Box<S>>?>
    /// Creation state; resolvers waiting for an async creation park continuations here.
    let state: Mutex<CreationState<Box<S>>>

    @usableFromInline
    init() {
        self.published = Atomic(nil)
        self.state = Mutex(.idle)
    }

    /// The instance if it was created.
    func created() -> Box<S>? {
        self.state.withLock { state in
            if case .ready(let box) = state { return box }
            return nil
        }
    }

    // MARK: Synchronous creation

    /// Creates the instance with a synchronous maker, exactly once.
    ///
    /// Holding the lock while a synchronous factory runs is as short as a `swift_once`.
    /// Nested singletons take their own locks in dependency order, which validation
    /// proved acyclic: no deadlock.
    @usableFromInline
    func resolveSync(_ make: SyncMaker<S>) throws(ResolutionError) -> S {
        try self.state.withLock { (state) throws(ResolutionError) -> S in
            if case .ready(let box) = state { return box.value }
            // Singletons never see a scope: they must not capture scoped instances.
            let box = Box(try make(nil))
            state = .ready(box)
            self.published.store(Unmanaged.passUnretained(box), ordering: .releasing)
            return box.value
        }
    }

    // MARK: Asynchronous creation

    /// Creates the instance with an async maker exactly once, however many tasks ask at
    /// the same time: the first creates, the others park a continuation (no spinning).
    @usableFromInline
    func resolve(_ make: AsyncMaker<S>) async throws(ResolutionError) -> S {
        if let box = self.published.load(ordering: .acquiring) {
            return box.takeUnretainedValue().value
        }
        while true {
            switch self.state.withLock({ $0.claim() }) {
            case .ready(let box):
                return box.value
            case .create:
                let outcome: Result<Box<S>, ResolutionError>
                do throws(ResolutionError) {
                    outcome = .success(Box(try await make(nil)))
                } catch {
                    outcome = .failure(error)
                }
                let waiters = self.state.withLock { state in
                    if case .success(let box) = outcome {
                        self.published.store(Unmanaged.passUnretained(box), ordering: .releasing)
                    }
                    return state.finish(outcome)
                }
                for waiter in waiters {
                    waiter.resume(returning: outcome)
                }
                return try outcome.get().value
            case .wait:
                let outcome = await withCheckedContinuation { (waiter: Waiter<Box<S>>) in
                    if let immediate = self.state.withLock({ $0.park(waiter) }) {
                        waiter.resume(returning: immediate)
                    }
                }
                if let outcome {
                    return try outcome.get().value
                }
            // `nil`: the creator failed before we parked; claim again.
            }
        }
    }
}
