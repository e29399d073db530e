import Synchronization

// MARK: - Makers

/// Builds one instance on the synchronous fast path.
@usableFromInline
typealias SyncMaker<S> = @Sendable (Scope?) throws(ResolutionError) -> S

/// Builds one instance on the general (async) path.
@usableFromInline
typealias AsyncMaker<S> = @Sendable (Scope?) async throws(ResolutionError) -> S

// MARK: - Node

/// The built form of one registration (or of a multi-binding / wrapper dependency).
///
/// Nodes are linked at build time: a node's maker captures the nodes of its
/// dependencies directly, so resolving a transient graph never consults a table.
@usableFromInline
final class Node<S: Sendable>: ErasedNode {
    /// Key, lifetime, scope slot and name of the node.
    @usableFromInline let info: NodeInfo
    /// The registration's lifetime (copied out of `info` for the hot path).
    @usableFromInline let lifetime: Lifetime
    /// Present when the factory and every dependency can be built synchronously.
    @usableFromInline let syncMake: SyncMaker<S>?
    /// Always present; wraps `syncMake` for sync nodes.
    @usableFromInline let asyncMake: AsyncMaker<S>
    /// The singleton, published once created: read with one atomic load on the fast path.
    /// Unretained because `state` keeps the box alive for the node's whole life.
    @usableFromInline let published: Atomic<Unmanaged<Box<S>>?>
    /// Singleton creation state; waiting resolvers park continuations here.
    let state: Mutex<CreationState<Box<S>>>
    /// `true` when ``syncMake`` can serve every resolution of this node.
    @usableFromInline let isSync: Bool

    init(_ info: NodeInfo, syncMake: SyncMaker<S>?, asyncMake: @escaping AsyncMaker<S>) {
        self.info = info
        self.lifetime = info.lifetime
        // Scoped nodes always go through the scope's async storage so concurrent
        // resolvers in one scope can wait for each other instead of blocking.
        self.isSync = syncMake != nil && info.lifetime != .scoped
        self.syncMake = syncMake
        self.asyncMake = asyncMake
        self.published = Atomic(nil)
        self.state = Mutex(.idle)
    }

    /// A node whose maker is synchronous; the async maker simply calls it.
    @usableFromInline
    convenience init(_ info: NodeInfo, sync: @escaping SyncMaker<S>) {
        self.init(info, syncMake: sync, asyncMake: { scope throws(ResolutionError) in try sync(scope) })
    }

    /// A node whose maker (or one of whose dependencies) is asynchronous.
    @usableFromInline
    convenience init(_ info: NodeInfo, async: @escaping AsyncMaker<S>) {
        self.init(info, syncMake: nil, asyncMake: async)
    }

    // MARK: Resolution

    /// Resolves an instance on the synchronous path. Only valid when ``isSync``.
    @inlinable
    func resolveSync(_ scope: Scope?) throws(ResolutionError) -> S {
        if let box = self.published.load(ordering: .acquiring) {
            return box.takeUnretainedValue().value
        }
        if self.lifetime == .transient, let make = self.syncMake {
            do throws(ResolutionError) {
                return try make(scope)
            } catch {
                throw error.prepending(self.info.name)
            }
        }
        return try self.resolveSyncSlow(scope)
    }

    /// Resolves an instance, taking the synchronous path whenever the node allows it.
    @inlinable
    func resolve(_ scope: Scope?) async throws(ResolutionError) -> S {
        if let box = self.published.load(ordering: .acquiring) {
            return box.takeUnretainedValue().value
        }
        if self.isSync {
            return try self.resolveSync(scope)
        }
        return try await self.resolveAsyncSlow(scope)
    }

    /// Builds a new instance with the async maker, adding this node to any error path.
    func make(_ scope: Scope?) async throws(ResolutionError) -> S {
        do throws(ResolutionError) {
            return try await self.asyncMake(scope)
        } catch {
            throw error.prepending(self.info.name)
        }
    }

    // MARK: ErasedNode

    /// The registration's key.
    @usableFromInline
    var key: ServiceKey { self.info.key }
    /// Plain nodes take no runtime argument.
    @usableFromInline
    var argumentTypeName: String? { nil }
    /// The slot of a scoped node in every scope's storage, `-1` otherwise.
    var scopeSlot: Int { self.info.scopeSlot }

    /// Creates the instance now (eager singletons during `build()`).
    @usableFromInline
    func warmUp() async throws(ResolutionError) {
        _ = try await self.resolve(nil)
    }

    /// The singleton, if one was created, for disposal on shutdown.
    @usableFromInline
    func createdSingleton() -> (any CachedInstance)? {
        self.state.withLock { state in
            if case .ready(let box) = state { return box }
            return nil
        }
    }
}
