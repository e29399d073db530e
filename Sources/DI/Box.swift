import Synchronization

// MARK: - Box

/// A class wrapper around a cached instance.
///
/// Caches hold `Box<S>` rather than `any Sendable` so reading one back is a class
/// cast (or no cast at all) instead of an existential cast on the hot path.
@usableFromInline
final class Box<S: Sendable>: CachedInstance {
    /// The cached instance.
    @usableFromInline let value: S

    @usableFromInline
    init(_ value: S) {
        self.value = value
    }

    /// Lets a ``Disposable`` instance release its resources when its owner closes.
    @usableFromInline
    func dispose() async {
        if let disposable = self.value as? any Disposable {
            await disposable.dispose()
        }
    }
}

// MARK: - CachedInstance

/// A type-erased cached instance, as a scope keeps them until it closes.
@usableFromInline
protocol CachedInstance: AnyObject, Sendable {
    /// Disposes the instance if it is ``Disposable``.
    func dispose() async
}

// MARK: - Disposable

/// A service that releases resources when its owner ends: a ``Scope`` when it closes
/// (scoped instances) or the ``Container`` on ``Container/shutdown()`` (singletons).
///
/// Instances are disposed in reverse creation order, so a service is disposed before
/// the dependencies it was built from.
public protocol Disposable: Sendable {
    /// Releases the instance's resources. Called at most once by the owner.
    func dispose() async
}
