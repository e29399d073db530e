import Synchronization

// MARK: - Resolution

extension Container {
    /// Resolves the service registered for `type` (and `tag`).
    ///
    /// Scoped services cannot be resolved here: use a ``Scope``.
    /// `[any P].self` resolves the multi-binding of `P`, like ``resolveAll(_:)``.
    @inlinable
    public func resolve<S: Sendable>(_ type: S.Type = S.self, tag: String? = nil) async throws(ResolutionError) -> S {
        if tag == nil, let value = try self.resolveSyncFast(type) {
            return value
        }
        return try await self.node(of: type, tag: tag).resolve(nil)
    }

    /// The hot path: an untagged, synchronously resolvable service, resolved without
    /// retaining its node, its cell or its closures, and without casting: a created
    /// singleton costs one probe and one atomic load. `nil` when the service needs the
    /// general path.
    @inlinable
    func resolveSyncFast<S: Sendable>(_ type: S.Type) throws(ResolutionError) -> S? {
        guard let address = self.services.plainNode(ObjectIdentifier(type)) else { return nil }
        // Sound by construction: a bucket keyed by `S` with a `plain` address holds the
        // `Node<S>` built for `S`, and the table (owned by `self`, which the caller keeps
        // alive for this call) keeps the node alive, as the node keeps its cell and
        // closures. The guaranteed reference only skips their reference counting.
        do {
            return try Unmanaged<Node<S>>.fromOpaque(address)._withUnsafeGuaranteedRef { node in
                if let cellAddress = UnsafeRawPointer(bitPattern: node.cellAddress) {
                    unowned(unsafe) let cell = Unmanaged<SingletonCell<S>>.fromOpaque(cellAddress).takeUnretainedValue()
                    if let box = cell.published.load(ordering: .acquiring) {
                        return box.takeUnretainedValue().value
                    }
                }
                guard node.isSync else { return nil }
                return try node.get(nil)
            }
        } catch let error as ResolutionError {
            throw error
        } catch {
            throw .factoryFailed(service: typeName(of: type), path: [], underlying: error)
        }
    }

    /// Resolves a service registered with a runtime argument, passing `argument` to its factory.
    @inlinable
    public func resolve<S: Sendable, A: Sendable>(
        _ type: S.Type = S.self,
        tag: String? = nil,
        argument: A
    ) async throws(ResolutionError) -> S {
        try await self.argumentNode(of: type, tag: tag, argument: A.self).resolve(argument, nil)
    }

    /// Resolves every contribution to the multi-binding of `type`, in registration order.
    /// Returns an empty array when nothing was contributed.
    @inlinable
    public func resolveAll<S: Sendable>(_ type: S.Type = S.self) async throws(ResolutionError) -> [S] {
        guard let node = try self.multiBindingNode(of: type) else { return [] }
        return try await node.resolve(nil)
    }

    // MARK: Lookup

    /// The node of `type` and `tag`. The untagged case is one hash probe and a class cast.
    @inlinable
    func node<S: Sendable>(of type: S.Type, tag: String?) throws(ResolutionError) -> Node<S> {
        if tag == nil, let node = self.services.lookup(ObjectIdentifier(type)) as? Node<S> {
            return node
        }
        return try self.nodeSlow(of: type, tag: tag)
    }

    /// Tagged lookups, `[any P]` multi-bindings and the error cases.
    @usableFromInline
    func nodeSlow<S: Sendable>(of type: S.Type, tag: String?) throws(ResolutionError) -> Node<S> {
        let key = ServiceKey(type, tag: tag)
        if let erased = tag == nil ? self.services.lookup(key.typeID) : self.taggedServices[key] {
            if let node = erased as? Node<S> { return node }
            throw .argumentMismatch(service: key.description, expected: erased.argumentTypeName ?? "none", received: "none")
        }
        if tag == nil, let wrapper = type as? any DependencyWrapper.Type, wrapper.request.kind == .all,
            let node = self.multiBindings.lookup(wrapper.request.key.typeID) as? Node<S>
        {
            return node
        }
        throw .notRegistered(service: key.description, path: [key.description])
    }

    /// The node of a registration with a runtime argument of type `A`.
    @usableFromInline
    func argumentNode<S: Sendable, A: Sendable>(of type: S.Type, tag: String?, argument: A.Type) throws(ResolutionError) -> ArgumentNode<S, A> {
        let key = ServiceKey(type, tag: tag)
        guard let erased = tag == nil ? self.services.lookup(key.typeID) : self.taggedServices[key] else {
            throw .notRegistered(service: key.description, path: [key.description])
        }
        if let node = erased as? ArgumentNode<S, A> { return node }
        throw .argumentMismatch(service: key.description, expected: erased.argumentTypeName ?? "none", received: typeName(of: A.self))
    }

    /// The collector node of the multi-binding of `type`, `nil` when nothing was contributed.
    @usableFromInline
    func multiBindingNode<S: Sendable>(of type: S.Type) throws(ResolutionError) -> Node<[S]>? {
        guard let erased = self.multiBindings.lookup(ObjectIdentifier(type)) else { return nil }
        guard let node = erased as? Node<[S]> else {
            let name = "[\(typeName(of: type))]"
            throw .factoryFailed(service: name, path: [name], underlying: InconsistencyError())
        }
        return node
    }
}
