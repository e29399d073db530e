// MARK: - Resolution

extension Scope {
    /// Resolves the service registered for `type` (and `tag`) in this scope:
    /// scoped services are shared within the scope, everything else as from the container.
    @inlinable
    public func resolve<S: Sendable>(_ type: S.Type = S.self, tag: String? = nil) async throws(ResolutionError) -> S {
        try await self.container.node(of: type, tag: tag).resolve(self)
    }

    /// Resolves a service registered with a runtime argument, passing `argument` to its factory.
    @inlinable
    public func resolve<S: Sendable, A: Sendable>(
        _ type: S.Type = S.self,
        tag: String? = nil,
        argument: A
    ) async throws(ResolutionError) -> S {
        try await self.container.argumentNode(of: type, tag: tag, argument: A.self).resolve(argument, self)
    }

    /// Resolves every contribution to the multi-binding of `type`, in registration order.
    @inlinable
    public func resolveAll<S: Sendable>(_ type: S.Type = S.self) async throws(ResolutionError) -> [S] {
        guard let node = try self.container.multiBindingNode(of: type) else { return [] }
        return try await node.resolve(self)
    }
}
