// MARK: - Registration

/// One recorded `register` / `contribute` / `override` call: everything validation needs
/// (key, lifetime, edges) plus a closure that links the node once dependencies exist.
///
/// A class (immutable) rather than a struct: plans and builders pass registrations
/// around a lot, and copying one reference is cheaper than copying five closures.
@usableFromInline
final class Registration: Sendable {
    /// Which builder call recorded the registration.
    @usableFromInline
    enum Role: Sendable {
        /// `register`: must be unique per key.
        case register
        /// `contribute`: one of several parts of a multi-binding.
        case contribute
        /// `override`: replaces the `register` of the same key.
        case override
    }

    /// Links the node, given the linker (for dependencies) and the node's info.
    @usableFromInline
    typealias Link = @Sendable (Linker, NodeInfo) throws(LinkFailure) -> any ErasedNode

    /// Builds the multi-binding collector of a contribution's element type.
    @usableFromInline
    typealias Collect = @Sendable (Linker) throws(LinkFailure) -> any ErasedNode

    /// Wraps a built `Node<S>` as a `Node<S?>` (for `P?` parameters).
    @usableFromInline
    typealias WrapOptional = @Sendable (any ErasedNode) -> (any ErasedNode)?

    /// Which builder call recorded the registration.
    @usableFromInline let role: Role
    /// The service key (the element key for contributions).
    @usableFromInline let key: ServiceKey
    /// The lifetime.
    @usableFromInline let lifetime: Lifetime
    /// The factory's parameters, as edges.
    @usableFromInline let dependencies: [DependencyRequest]
    /// The runtime argument type, for `register(_:argument:)`.
    @usableFromInline let argumentType: (any Any.Type)?
    /// `true` when the factory itself is `async`.
    @usableFromInline let isAsync: Bool
    /// Links the node.
    @usableFromInline let link: Link
    /// For contributions: builds the collector of the element type.
    @usableFromInline let collect: Collect?
    /// For `register`/`override`: wraps the built node as the node of `S?`.
    @usableFromInline let wrapOptional: WrapOptional?

    @usableFromInline
    init(
        role: Role,
        key: ServiceKey,
        lifetime: Lifetime,
        dependencies: [DependencyRequest],
        argumentType: (any Any.Type)? = nil,
        isAsync: Bool,
        collect: Collect? = nil,
        wrapOptional: WrapOptional? = nil,
        link: @escaping Link
    ) {
        self.role = role
        self.key = key
        self.lifetime = lifetime
        self.dependencies = dependencies
        self.argumentType = argumentType
        self.isAsync = isAsync
        self.collect = collect
        self.wrapOptional = wrapOptional
        self.link = link
    }
}

// MARK: - Dependency lists

/// The edges a factory with parameters `repeat each D` adds to the graph.
@inlinable
func dependencyRequests<each D>(_ types: repeat (each D).Type) -> [DependencyRequest] {
    var requests: [DependencyRequest] = []
    for type in repeat each types {
        requests.append(DependencyRequest(for: type))
    }
    return requests
}
