// MARK: - ErasedNode

/// What the container's tables, scopes and `build()` need from a node without knowing
/// its service type.
@usableFromInline
protocol ErasedNode: AnyObject, Sendable {
    /// The registration's key.
    var key: ServiceKey { get }
    /// The registration's lifetime.
    var lifetime: Lifetime { get }
    /// The runtime argument's type name for `register(_:argument:)` registrations.
    var argumentTypeName: String? { get }
    /// Creates the instance now (eager singletons during `build()`).
    func warmUp() async throws(ResolutionError)
    /// The singleton, if one was created, for disposal on shutdown.
    func createdSingleton() -> (any CachedInstance)?
}

// MARK: - NodeInfo

/// What the linker tells a registration's link closure about the node it builds.
@usableFromInline
struct NodeInfo: Sendable {
    /// The registration's key.
    @usableFromInline let key: ServiceKey
    /// The registration's lifetime.
    @usableFromInline let lifetime: Lifetime
    /// The scope storage slot of a scoped node, `-1` otherwise.
    @usableFromInline let scopeSlot: Int
    /// The 1-based position of a multi-binding contribution, `0` for other registrations.
    @usableFromInline let ordinal: Int

    @usableFromInline
    init(key: ServiceKey, lifetime: Lifetime, scopeSlot: Int, ordinal: Int) {
        self.key = key
        self.lifetime = lifetime
        self.scopeSlot = scopeSlot
        self.ordinal = ordinal
    }

    /// The node's name in paths: the key, plus `+N` for the N-th contribution.
    @usableFromInline
    var name: String {
        switch self.ordinal {
        case 0: self.key.description
        case ..<0: ""
        default: "\(self.key.description)+\(self.ordinal)"
        }
    }
}
