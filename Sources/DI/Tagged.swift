// MARK: - ServiceTag

/// A type-level name for a tagged registration, so a factory parameter can ask for it.
///
/// ```swift
/// enum Primary: ServiceTag { static let name = "primary" }
/// builder.register(Store.self, tag: Primary.name, .singleton, SQLStore.init)
/// builder.register(Backup.self) { (store: Tagged<Primary, any Store>) in Backup(store: store.value) }
/// ```
public protocol ServiceTag: SendableMetatype {
    /// The tag string the registration uses.
    static var name: String { get }
}

// MARK: - Tagged

/// A dependency on the registration of `Service` tagged `Tag.name`.
///
/// Use it as a factory parameter type; the edge to `Service#tag` is known at build time.
@dynamicMemberLookup
public struct Tagged<Tag: ServiceTag, Service: Sendable>: Sendable {
    /// The resolved tagged service.
    public let value: Service

    /// Wraps an instance (handy in tests that call a factory directly).
    public init(_ value: Service) {
        self.value = value
    }

    /// Forwards property reads to the wrapped service.
    public subscript<Value>(dynamicMember keyPath: KeyPath<Service, Value>) -> Value {
        self.value[keyPath: keyPath]
    }
}

extension Tagged: DependencyWrapper {
    @usableFromInline
    static var request: DependencyRequest {
        DependencyRequest(kind: .single, key: ServiceKey(Service.self, tag: Tag.name))
    }

    @usableFromInline
    static var fallback: Any? { nil }

    @usableFromInline
    static func makeNode(in linker: Linker) throws(LinkFailure) -> (any ErasedNode)? {
        let key = ServiceKey(Service.self, tag: Tag.name)
        guard let target = try linker.registeredNode(Service.self, key: key) else {
            throw LinkFailure(key: key)
        }
        let info = NodeInfo.transparent(ServiceKey(Self.self))
        if target.isSync {
            let get = target.get
            return Node<Self>.make(info, sync: { scope throws(ResolutionError) in Tagged(try get(scope)) })
        }
        return Node<Self>.make(info, async: { scope throws(ResolutionError) in Tagged(try await target.resolve(scope)) })
    }
}
