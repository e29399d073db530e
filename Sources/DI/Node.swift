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
    /// Resolves an instance on the async path (lifetime handling included); `nil` when
    /// ``get`` serves every resolution, which saves a wrapper closure per node.
    @usableFromInline let asyncGet: AsyncMaker<S>?
    /// Key, lifetime, scope slot and name of the node.
    @usableFromInline let info: NodeInfo
    /// The singleton's storage, for container-wide lifetimes.
    @usableFromInline let cell: SingletonCell<S>?
    /// ``cell``'s address (`0`: none), so the hot path can read the cell without
    /// retaining it; `cell` keeps it alive as long as the node. An integer keeps the
    /// node `Sendable`.
    @usableFromInline let cellAddress: UInt

    /// Inlinable, so the registering module allocates `Node<S>` with cached metadata
    /// instead of a runtime generic-metadata lookup per node.
    @inlinable
    init(info: NodeInfo, get: @escaping SyncMaker<S>, asyncGet: AsyncMaker<S>?, cell: SingletonCell<S>?) {
        self.info = info
        self.get = get
        self.asyncGet = asyncGet
        self.cell = cell
        self.cellAddress = cell.map { UInt(bitPattern: ObjectIdentifier($0)) } ?? 0
    }

    /// `true` when ``get`` can serve every resolution of this node.
    @inlinable
    var isSync: Bool { self.asyncGet == nil }

    // MARK: Construction

    /// A node from a maker that builds a new instance (and adds the node to error
    /// paths), wrapped with the lifetime's caching.
    @inlinable
    static func make(_ info: NodeInfo, sync: @escaping SyncMaker<S>) -> Node<S> {
        switch info.lifetime {
        case .transient:
            return Node(info: info, get: sync, asyncGet: nil, cell: nil)
        case .singleton, .eagerSingleton:
            let cell = SingletonCell<S>()
            let get: SyncMaker<S> = { _ throws(ResolutionError) in
                if let box = cell.published.load(ordering: .acquiring) {
                    return box.takeUnretainedValue().value
                }
                return try cell.resolveSync(sync)
            }
            return Node(info: info, get: get, asyncGet: nil, cell: cell)
        case .scoped:
            return Self.scoped(info, make: { scope throws(ResolutionError) in try sync(scope) })
        }
    }

    /// A node from an async maker (the factory or a dependency is `async`).
    @inlinable
    static func make(_ info: NodeInfo, async makeAsync: @escaping AsyncMaker<S>) -> Node<S> {
        switch info.lifetime {
        case .transient:
            return Node(info: info, get: Self.requiresAsync(info), asyncGet: makeAsync, cell: nil)
        case .singleton, .eagerSingleton:
            let cell = SingletonCell<S>()
            let asyncGet: AsyncMaker<S> = { _ throws(ResolutionError) in try await cell.resolve(makeAsync) }
            return Node(info: info, get: Self.requiresAsync(info), asyncGet: asyncGet, cell: cell)
        case .scoped:
            return Self.scoped(info, make: makeAsync)
        }
    }

    /// A scoped node: always resolved through the scope's storage, whose waiting is async.
    @usableFromInline
    static func scoped(_ info: NodeInfo, make: @escaping AsyncMaker<S>) -> Node<S> {
        let asyncGet: AsyncMaker<S> = { scope throws(ResolutionError) in
            guard let scope else {
                throw .scopeRequired(service: info.name, path: [info.name])
            }
            return try await scope.instance(slot: info.scopeSlot, name: info.name, make: make)
        }
        return Node(info: info, get: Self.requiresAsync(info), asyncGet: asyncGet, cell: nil)
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
        guard let asyncGet = self.asyncGet else {
            return try self.get(scope)
        }
        return try await asyncGet(scope)
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
