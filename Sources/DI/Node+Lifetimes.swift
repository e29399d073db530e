import Synchronization

// MARK: - Slow paths

extension Node {
    /// The synchronous path for everything but an already published singleton.
    @usableFromInline
    func resolveSyncSlow(_ scope: Scope?) throws(ResolutionError) -> S {
        guard self.isSync, let make = self.syncMake else {
            throw .requiresAsync(service: self.info.name, path: [self.info.name])
        }
        switch self.lifetime {
        case .transient:
            do throws(ResolutionError) {
                return try make(scope)
            } catch {
                throw error.prepending(self.info.name)
            }
        case .singleton, .eagerSingleton:
            // The factory is synchronous, so holding the node's lock while it runs is as
            // short as a `swift_once`. Nested singletons take their own locks in
            // dependency order, which validation proved acyclic: no deadlock.
            return try self.state.withLock { (state) throws(ResolutionError) -> S in
                if case .ready(let box) = state { return box.value }
                let value: S
                do throws(ResolutionError) {
                    // Singletons never see a scope: they must not capture scoped instances.
                    value = try make(nil)
                } catch {
                    throw error.prepending(self.info.name)
                }
                let box = Box(value)
                state = .ready(box)
                self.published.store(Unmanaged.passUnretained(box), ordering: .releasing)
                return value
            }
        case .scoped:
            throw .requiresAsync(service: self.info.name, path: [self.info.name])
        }
    }

    /// The asynchronous path for everything but an already published singleton.
    @usableFromInline
    func resolveAsyncSlow(_ scope: Scope?) async throws(ResolutionError) -> S {
        switch self.lifetime {
        case .transient:
            return try await self.make(scope)
        case .singleton, .eagerSingleton:
            return try await self.resolveSingleton().value
        case .scoped:
            guard let scope else {
                throw .scopeRequired(service: self.info.name, path: [self.info.name])
            }
            return try await scope.instance(of: self)
        }
    }

    // MARK: Singletons

    /// Creates the singleton exactly once, however many tasks ask at the same time.
    private func resolveSingleton() async throws(ResolutionError) -> Box<S> {
        while true {
            switch self.state.withLock({ $0.claim() }) {
            case .ready(let box):
                return box
            case .create:
                let outcome: Result<Box<S>, ResolutionError>
                do throws(ResolutionError) {
                    outcome = .success(Box(try await self.make(nil)))
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
                return try outcome.get()
            case .wait:
                let outcome = await withCheckedContinuation { (waiter: Waiter<Box<S>>) in
                    if let immediate = self.state.withLock({ $0.park(waiter) }) {
                        waiter.resume(returning: immediate)
                    }
                }
                if let outcome {
                    return try outcome.get()
                }
            // `nil`: the creator failed before we parked; claim again.
            }
        }
    }
}
