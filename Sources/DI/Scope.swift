import Synchronization

// MARK: - Scope

/// A unit of work (an HTTP request, a job) with its own instances of `.scoped` services.
///
/// Within one scope a scoped service is created once and shared, even by concurrent
/// resolvers; different scopes get different instances. Singletons and transients
/// resolve exactly as from the ``Container``. ``close()`` releases the scope's
/// instances, disposing ``Disposable`` ones in reverse creation order.
///
/// ```swift
/// let scope = container.makeScope()
/// defer { Task { await scope.close() } }
/// let handler = try await scope.resolve(RequestHandler.self)
/// ```
public final class Scope: Sendable {
    /// The container the scope belongs to.
    public let container: Container
    /// The scope's instances, one creation state per scoped registration.
    let storage: Mutex<ScopeStorage>

    /// Use ``Container/makeScope()``.
    init(container: Container) {
        self.container = container
        self.storage = Mutex(ScopeStorage(slotCount: container.scopedServiceCount))
    }

    /// `true` once ``close()`` has been called.
    public var isClosed: Bool {
        self.storage.withLock { $0.closed }
    }

    /// Releases the scope's instances, disposing ``Disposable`` ones (newest first).
    /// Resolving a scoped service afterwards throws ``ResolutionError/scopeClosed(service:path:)``.
    public func close() async {
        let (instances, waiters) = self.storage.withLock { $0.close() }
        for waiter in waiters {
            waiter.resume(returning: nil)
        }
        for instance in instances {
            await instance.dispose()
        }
    }

    // MARK: Scoped instances

    /// The scope's instance in `slot`, created with `make` on first use.
    @usableFromInline
    func instance<S: Sendable>(slot: Int, name: String, make: AsyncMaker<S>) async throws(ResolutionError) -> S {
        while true {
            let claimed = self.storage.withLock { storage -> CreationRole<any CachedInstance>? in
                guard !storage.closed, storage.slots.indices.contains(slot) else { return nil }
                return storage.slots[slot].claim()
            }
            switch claimed {
            case .none:
                throw .scopeClosed(service: name, path: [name])
            case .ready(let instance):
                return try Self.unbox(instance, as: S.self, name: name)
            case .create:
                let outcome: Result<any CachedInstance, ResolutionError>
                do throws(ResolutionError) {
                    outcome = .success(Box(try await make(self)))
                } catch {
                    outcome = .failure(error)
                }
                let waiters = self.storage.withLock { $0.finish(slot: slot, outcome) }
                for waiter in waiters {
                    waiter.resume(returning: outcome)
                }
                return try Self.unbox(try outcome.get(), as: S.self, name: name)
            case .wait:
                let outcome = await withCheckedContinuation { (waiter: Waiter<any CachedInstance>) in
                    let immediate = self.storage.withLock { storage -> Result<any CachedInstance, ResolutionError>?? in
                        guard !storage.closed, storage.slots.indices.contains(slot) else { return .some(nil) }
                        return storage.slots[slot].park(waiter)
                    }
                    if let immediate {
                        waiter.resume(returning: immediate)
                    }
                }
                if let outcome {
                    return try Self.unbox(try outcome.get(), as: S.self, name: name)
                }
            // `nil`: the creator failed or the scope closed; look again.
            }
        }
    }

    /// Reads a scoped instance back; the slot of a `Node<S>` only ever holds a `Box<S>`.
    private static func unbox<S: Sendable>(_ instance: any CachedInstance, as type: S.Type, name: String) throws(ResolutionError) -> S {
        guard let box = instance as? Box<S> else {
            throw .factoryFailed(service: name, path: [name], underlying: InconsistencyError())
        }
        return box.value
    }
}

/// Raised instead of trapping if an internal invariant were ever broken.
struct InconsistencyError: Error, CustomStringConvertible {
    var description: String { "internal inconsistency in the DI container" }
}
