// MARK: - DependencyWrapper

/// A factory parameter type that is not looked up as itself but says how to satisfy it:
/// `[any P]` (multi-binding), `P?` (optional), ``Tagged`` and ``Provider``.
@usableFromInline
protocol DependencyWrapper {
    /// The edge such a parameter adds to the graph.
    static var request: DependencyRequest { get }
    /// The parameter's value when nothing is registered (`[]`, `nil`); `nil` if required.
    static var fallback: Any? { get }
    /// Builds the node producing the parameter's value, or `nil` to let the linker use
    /// the registrations' own wrappers (arrays and optionals, whose element type is only
    /// known to be `Sendable` where it was registered).
    static func makeNode(in linker: Linker) throws(LinkFailure) -> (any ErasedNode)?
}

// MARK: - Multi-bindings

/// `[any P]` as a parameter receives every contribution to `P`, in registration order.
extension Array: DependencyWrapper {
    @usableFromInline
    static var request: DependencyRequest {
        DependencyRequest(kind: .all, key: ServiceKey(Element.self))
    }

    @usableFromInline
    static var fallback: Any? { [Element]() }

    @usableFromInline
    static func makeNode(in linker: Linker) throws(LinkFailure) -> (any ErasedNode)? { nil }
}

// MARK: - Optional dependencies

/// `P?` as a parameter receives the registration of `P` if there is one, `nil` otherwise.
extension Optional: DependencyWrapper {
    @usableFromInline
    static var request: DependencyRequest {
        DependencyRequest(kind: .optional, key: ServiceKey(Wrapped.self))
    }

    @usableFromInline
    static var fallback: Any? { Wrapped?.none as Any }

    @usableFromInline
    static func makeNode(in linker: Linker) throws(LinkFailure) -> (any ErasedNode)? { nil }
}

// MARK: - Transparent nodes

extension NodeInfo {
    /// A wrapper node that adds nothing to error paths (``Tagged``, ``Provider``, optionals).
    static func transparent(_ key: ServiceKey) -> NodeInfo {
        NodeInfo(key: key, lifetime: .transient, scopeSlot: -1, ordinal: -1)
    }
}
