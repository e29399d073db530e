// MARK: - LinkFailure

/// An internal inconsistency while linking (validation should have caught it).
@usableFromInline
struct LinkFailure: Error, Sendable {
    /// The key that could not be linked.
    let key: ServiceKey

    @usableFromInline
    init(key: ServiceKey) {
        self.key = key
    }
}

// MARK: - Linker

/// Turns a validated ``BuildPlan`` into nodes, dependencies first.
///
/// Each registration's link closure asks the linker for its dependencies' nodes and
/// captures them, so resolution follows object references instead of table lookups.
/// Validation proved the graph acyclic (ignoring ``Provider`` edges, bound afterwards).
@usableFromInline
final class Linker {
    /// The registrations to link and their edges.
    let plan: BuildPlan
    /// Built nodes by plan index.
    private(set) var built: [(any ErasedNode)?]
    /// Multi-binding collectors by element type.
    private(set) var collectors: [ObjectIdentifier: any ErasedNode] = [:]
    /// Scope slots handed out so far.
    private(set) var scopedCount = 0
    /// Deferred bindings to complete after every node exists.
    /// (They return their failure rather than throw it: a stored typed-throws closure
    /// crashes the 6.3 compiler's IR generation.)
    private var fixups: [() -> LinkFailure?] = []

    init(plan: BuildPlan) {
        self.plan = plan
        self.built = Array(repeating: nil, count: plan.registrations.count)
    }

    /// Links every registration, then completes the deferred bindings.
    func linkAll() throws(LinkFailure) {
        for index in self.plan.registrations.indices {
            _ = try self.node(at: index)
        }
        for (_, indices) in self.plan.contributions {
            if let first = indices.first, let collect = self.plan.registrations[first].collect {
                _ = try collect(self)
            }
        }
        for fixup in self.fixups {
            if let failure = fixup() { throw failure }
        }
    }

    // MARK: Nodes

    /// The node of plan entry `index`, linking it (and its dependencies) on first use.
    func node(at index: Int) throws(LinkFailure) -> any ErasedNode {
        if let node = self.built[index] { return node }
        let registration = self.plan.registrations[index]
        var slot = -1
        if registration.lifetime == .scoped {
            slot = self.scopedCount
            self.scopedCount += 1
        }
        let info = NodeInfo(key: registration.key, lifetime: registration.lifetime, scopeSlot: slot, ordinal: self.plan.ordinals[index])
        let node = try registration.link(self, info)
        self.built[index] = node
        return node
    }

    /// The typed node satisfying a factory parameter of type `T`.
    ///
    /// Inlined into the registering module, where `T` is concrete: the common case (a
    /// registered type) is one index probe and a class cast against cached metadata.
    @inlinable
    func node<T: Sendable>(for type: T.Type) throws(LinkFailure) -> Node<T> {
        if let erased = try self.registeredNode(untagged: ObjectIdentifier(type)), let node = erased as? Node<T> {
            return node
        }
        return try self.nodeSlow(for: type)
    }

    /// The node registered (untagged) for the type identified by `id`, linked on demand.
    @usableFromInline
    func registeredNode(untagged id: ObjectIdentifier) throws(LinkFailure) -> (any ErasedNode)? {
        guard let index = self.plan.index.untagged(id) else { return nil }
        return try self.node(at: index)
    }

    /// Wrapper parameters (`[any P]`, `P?`, ``Tagged``, ``Provider``) and inconsistencies.
    @usableFromInline
    func nodeSlow<T: Sendable>(for type: T.Type) throws(LinkFailure) -> Node<T> {
        let erased: any ErasedNode
        // Registered types first: this skips the (slower) conformance check for the
        // common case of a plain dependency.
        if let index = self.plan.index[ServiceKey(type)] {
            erased = try self.node(at: index)
        } else if let wrapper = type as? any DependencyWrapper.Type {
            erased = try self.wrapperNode(wrapper, as: type)
        } else {
            let key = ServiceKey(type)
            guard let index = self.plan.index[key] else { throw LinkFailure(key: key) }
            erased = try self.node(at: index)
        }
        guard let node = erased as? Node<T> else { throw LinkFailure(key: ServiceKey(type)) }
        return node
    }

    /// The node of a wrapper parameter (`[any P]`, `P?`, ``Tagged``, ``Provider``).
    private func wrapperNode<T: Sendable>(_ wrapper: any DependencyWrapper.Type, as type: T.Type) throws(LinkFailure) -> any ErasedNode {
        if let node = try wrapper.makeNode(in: self) { return node }
        let request = wrapper.request
        switch request.kind {
        case .all:
            if let first = self.plan.contributions[request.key.typeID]?.first,
                let collect = self.plan.registrations[first].collect
            {
                return try collect(self)
            }
        case .optional:
            if let index = self.plan.index[request.key], let wrap = self.plan.registrations[index].wrapOptional,
                let node = wrap(try self.node(at: index))
            {
                return node
            }
        case .single, .provider:
            break
        }
        guard let value = wrapper.fallback as? T else { throw LinkFailure(key: request.key) }
        return Node<T>.make(.transparent(ServiceKey(type)), sync: { _ throws(ResolutionError) in value })
    }

    /// The node registered for `key`, `nil` if there is none.
    func registeredNode<S: Sendable>(_ type: S.Type, key: ServiceKey) throws(LinkFailure) -> Node<S>? {
        guard let index = self.plan.index[key] else { return nil }
        guard let node = try self.node(at: index) as? Node<S> else { throw LinkFailure(key: key) }
        return node
    }

    /// A binding to the node registered for `key`, filled in after linking.
    func lateBinding<S: Sendable>(_ type: S.Type, key: ServiceKey) -> LateBinding<S> {
        let binding = LateBinding<S>()
        self.fixups.append {
            do throws(LinkFailure) {
                guard let node = try self.registeredNode(type, key: key) else { return LinkFailure(key: key) }
                binding.bind(node)
                return nil
            } catch {
                return error
            }
        }
        return binding
    }

    /// The collector of every contribution to `Element`, in registration order.
    @usableFromInline
    func multiBinding<Element: Sendable>(of type: Element.Type) throws(LinkFailure) -> Node<[Element]> {
        let id = ObjectIdentifier(type)
        if let existing = self.collectors[id] {
            guard let node = existing as? Node<[Element]> else { throw LinkFailure(key: ServiceKey(type)) }
            return node
        }
        var parts: [Node<Element>] = []
        for index in self.plan.contributions[id] ?? [] {
            guard let part = try self.node(at: index) as? Node<Element> else { throw LinkFailure(key: ServiceKey(type)) }
            parts.append(part)
        }
        let node = Node<[Element]>.collector(of: parts)
        self.collectors[id] = node
        return node
    }
}

// MARK: - Collector nodes

extension Node {
    /// A transparent node resolving `target` as an optional.
    @usableFromInline
    static func optional(of target: Node<S>) -> Node<S?> {
        let info = NodeInfo.transparent(ServiceKey(S?.self))
        if target.isSync {
            let get = target.get
            return Node<S?>.make(info, sync: { scope throws(ResolutionError) in try get(scope) })
        }
        return Node<S?>.make(info, async: { scope throws(ResolutionError) in try await target.resolve(scope) })
    }

    /// A transient node resolving every part into an array, in order.
    static func collector<Element: Sendable>(of parts: [Node<Element>]) -> Node<[Element]> where S == [Element] {
        let info = NodeInfo(key: ServiceKey([Element].self), lifetime: .transient, scopeSlot: -1, ordinal: 0)
        if parts.allSatisfy(\.isSync) {
            let getters = parts.map(\.get)
            return Node<[Element]>.make(info, sync: { scope throws(ResolutionError) in
                var values: [Element] = []
                values.reserveCapacity(getters.count)
                do throws(ResolutionError) {
                    for get in getters {
                        values.append(try get(scope))
                    }
                } catch {
                    throw error.prepending(info.name)
                }
                return values
            })
        }
        return Node<[Element]>.make(info, async: { scope throws(ResolutionError) in
            var values: [Element] = []
            values.reserveCapacity(parts.count)
            do throws(ResolutionError) {
                for part in parts {
                    values.append(try await part.resolve(scope))
                }
            } catch {
                throw error.prepending(info.name)
            }
            return values
        })
    }
}
