// MARK: - ArgumentNode

/// The built form of a registration whose factory takes a runtime argument of type `A`
/// (a job id, a request) besides its container-supplied dependencies.
///
/// Such services are always transient: each argument value yields a new instance.
@usableFromInline
final class ArgumentNode<S: Sendable, A: Sendable>: ErasedNode {
    /// Key and name of the node.
    @usableFromInline let info: NodeInfo
    /// Present when the factory and every dependency can be built synchronously.
    @usableFromInline let syncMake: (@Sendable (A, Scope?) throws(ResolutionError) -> S)?
    /// Always present; wraps `syncMake` for sync nodes.
    @usableFromInline let asyncMake: @Sendable (A, Scope?) async throws(ResolutionError) -> S

    @usableFromInline
    init(
        _ info: NodeInfo,
        syncMake: (@Sendable (A, Scope?) throws(ResolutionError) -> S)?,
        asyncMake: @escaping @Sendable (A, Scope?) async throws(ResolutionError) -> S
    ) {
        self.info = info
        self.syncMake = syncMake
        self.asyncMake = asyncMake
    }

    /// Builds an instance for `argument`, adding this node to any error path.
    @inlinable
    func resolve(_ argument: A, _ scope: Scope?) async throws(ResolutionError) -> S {
        do throws(ResolutionError) {
            if let make = self.syncMake {
                return try make(argument, scope)
            }
            return try await self.asyncMake(argument, scope)
        } catch {
            throw error.prepending(self.info.name)
        }
    }

    // MARK: ErasedNode

    /// The registration's key.
    @usableFromInline
    var key: ServiceKey { self.info.key }
    /// Always transient.
    @usableFromInline
    var lifetime: Lifetime { .transient }
    /// The runtime argument's type name.
    @usableFromInline
    var argumentTypeName: String? { typeName(of: A.self) }
    /// Nothing to warm up: a runtime argument is needed.
    @usableFromInline
    func warmUp() async throws(ResolutionError) {}
    /// Never caches an instance.
    @usableFromInline
    func createdSingleton() -> (any CachedInstance)? { nil }
}
