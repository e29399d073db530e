import Synchronization

// MARK: - Provider

/// A deferred dependency: resolves `Service` each time ``get()`` is called instead of
/// when the dependent is built.
///
/// Use it to break a legitimate cycle, to create transients on demand from a long-lived
/// service, or to delay an expensive service. The edge is in the graph (a missing
/// registration is still reported) but does not count for cycles. A provider created
/// inside a ``Scope`` resolves in that scope.
public struct Provider<Service: Sendable>: Sendable {
    /// The node resolved on each call, bound once the whole graph is linked.
    let binding: LateBinding<Service>
    /// The scope the dependent was resolved in.
    let scope: Scope?

    /// Resolves the service now.
    public func get() async throws(ResolutionError) -> Service {
        guard let node = self.binding.node else {
            let name = typeName(of: Service.self)
            throw .notRegistered(service: name, path: [name])
        }
        return try await node.resolve(self.scope)
    }
}

extension Provider: DependencyWrapper {
    @usableFromInline
    static var request: DependencyRequest {
        DependencyRequest(kind: .provider, key: ServiceKey(Service.self))
    }

    @usableFromInline
    static var fallback: Any? { nil }

    @usableFromInline
    static func makeNode(in linker: Linker) throws(LinkFailure) -> (any ErasedNode)? {
        // Bound after linking: the target may (legitimately) depend back on the dependent.
        let binding = linker.lateBinding(Service.self, key: ServiceKey(Service.self))
        return Node<Self>.make(NodeInfo.transparent(ServiceKey(Self.self)), sync: { scope throws(ResolutionError) in
            Provider(binding: binding, scope: scope)
        })
    }
}

// MARK: - LateBinding

/// A node reference filled in once linking is complete, so deferred edges may point
/// "backwards" in the graph.
final class LateBinding<S: Sendable>: Sendable {
    /// Written once by the linker before the container is published, then only read;
    /// the lock keeps that hand-over well defined.
    private let storage = Mutex<Node<S>?>(nil)

    /// The bound node, `nil` only if linking did not bind it.
    var node: Node<S>? {
        self.storage.withLock { $0 }
    }

    /// Binds the node (called by the linker).
    func bind(_ node: Node<S>) {
        self.storage.withLock { $0 = node }
    }
}
