import Synchronization

// MARK: - Makers

/// Builds (or fetches) one instance on the synchronous fast path.
@usableFromInline
typealias SyncMaker<S> = @Sendable (Scope?) throws(ResolutionError) -> S

/// Builds (or fetches) one instance on the general (async) path.
@usableFromInline
typealias AsyncMaker<S> = @Sendable (Scope?) async throws(ResolutionError) -> S

// MARK: - Node

/// The built form of one registration (or of a multi-binding / wrapper dependency).
///
/// Nodes are linked at build time: a dependent captures its dependencies' ``get``
/// closures directly, so resolving a transient graph never consults a table. The
/// closures are created by `@inlinable` code in the registering module, where the
/// service type is concrete, so no generic metadata is instantiated while resolving.
@usableFromInline
final class Node<S: Sendable>: ErasedNode {
    /// Resolves an instance synchronously: lifetime handling included. Only valid when
    /// ``isSync``; otherwise it throws ``ResolutionError/requiresAsync(service:path:)``.
    @usableFromInline let get: SyncMaker<S>
    /// Resolves an instance on the async path: lifetime handling included.
    @usableFromInline let getAsync: AsyncMaker<S>
    /// `true` when ``get`` can serve every resolution of this node.
    @usableFromInline let isSync: Bool
    /// Key, lifetime, scope slot and name of the node.
    @usableFromInline let info: NodeInfo
    /// The singleton's storage, for container-wide lifetimes.
    @usableFromInline let cell: SingletonCell<S>?

    @usableFromInline
    init(info: NodeInfo, get: @escaping SyncMaker<S>, getAsync: @escaping AsyncMaker<S>, isSync: Bool, cell: SingletonCell<S>?) {
        self.info = info
        self.get = get
        self.getAsync = getAsync
        self.isSync = isSync
        self.cell = cell
    }

    // MARK: Construction

    /// A node from makers that build a new instance (and add the node to error paths);
    /// wraps them with the lifetime's caching. `sync` is `nil` when the factory or a
    /// dependency is `async`.
    @inlinable
    static func make(_ info: NodeInfo, sync: SyncMaker<S>?, async makeAsync: @escaping AsyncMaker<S>) -> Node<S> {
        switch info.lifetime {
        case .transient:
            guard let sync else {
                return Node(info: info, get: Self.requiresAsync(info), getAsync: makeAsync, isSync: false, cell: nil)
            }
            return Node(info: info, get: sync, getAsync: { scope throws(ResolutionError) in try sync(scope) }, isSync: true, cell: nil)
        case .singleton, .eagerSingleton:
            let cell = SingletonCell<S>()
            guard let sync else {
                return Node(
                    info: info,
                    get: Self.requiresAsync(info),
                    getAsync: { _ throws(ResolutionError) in try await cell.resolve(makeAsync) },
                    isSync: false,
                    cell: cell
                )
            }
            let get: SyncMaker<S> = { _ throws(ResolutionError) in
                if let box = cell.published.load(ordering: .acquiring) {
                    return box.takeUnretainedValue().value
                }
                return try cell.resolveSync(sync)
            }
            return Node(info: info, get: get, getAsync: { scope throws(ResolutionError) in try get(scope) }, isSync: true, cell: cell)
        case .scoped:
            // Scoped nodes always go through the scope's storage, whose waiting is async.
            let getAsync: AsyncMaker<S> = { scope throws(ResolutionError) in
                guard let scope else {
                    throw .scopeRequired(service: info.name, path: [info.name])
                }
                return try await scope.instance(slot: info.scopeSlot, name: info.name, make: makeAsync)
            }
            return Node(info: info, get: Self.requiresAsync(info), getAsync: getAsync, isSync: false, cell: nil)
        }
    }

    /// A node from a synchronous maker only.
    @inlinable
    static func make(_ info: NodeInfo, sync: @escaping SyncMaker<S>) -> Node<S> {
        Self.make(info, sync: sync, async: { scope throws(ResolutionError) in try sync(scope) })
    }

    /// The ``get`` of a node that cannot be resolved synchronously.
    @usableFromInline
    static func requiresAsync(_ info: NodeInfo) -> SyncMaker<S> {
        { _ throws(ResolutionError) in throw .requiresAsync(service: info.name, path: [info.name]) }
    }

    // MARK: Resolution

    /// Resolves an instance, taking the synchronous path whenever the node allows it.
    @inlinable
    func resolve(_ scope: Scope?) async throws(ResolutionError) -> S {
        if self.isSync {
            return try self.get(scope)
        }
        return try await self.getAsync(scope)
    }

    // MARK: ErasedNode

    /// The registration's key.
    @usableFromInline
    var key: ServiceKey { self.info.key }
    /// The registration's lifetime.
    @usableFromInline
    var lifetime: Lifetime { self.info.lifetime }
    /// Plain nodes take no runtime argument.
    @usableFromInline
    var argumentTypeName: String? { nil }

    /// Creates the instance now (eager singletons during `build()`).
    @usableFromInline
    func warmUp() async throws(ResolutionError) {
        _ = try await self.resolve(nil)
    }

    /// The singleton, if one was created, for disposal on shutdown.
    @usableFromInline
    func createdSingleton() -> (any CachedInstance)? {
        self.cell?.created()
    }
}
