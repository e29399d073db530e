// MARK: - Factory registrations

// These helpers are `@inlinable` so the closures they create are specialised in the
// module that registers the services: the dependency tuple, the factory call and the
// node types are then concrete, which is what keeps transient resolution close to a
// hand-written `init` chain.

extension Registration {
    /// A registration whose factory is synchronous.
    @inlinable
    static func sync<S: Sendable, each D: Sendable>(
        _ role: Role,
        _ key: ServiceKey,
        _ lifetime: Lifetime,
        _ factory: @escaping @Sendable (repeat each D) throws -> S
    ) -> Registration {
        Registration(
            role: role,
            key: key,
            lifetime: lifetime,
            dependencies: dependencyRequests(repeat (each D).self),
            isAsync: false,
            collect: role == .contribute ? Self.collector(S.self) : nil,
            wrapOptional: role == .contribute ? nil : Self.optionalWrapper(S.self)
        ) { linker, info throws(LinkFailure) in
            let nodes = try (repeat linker.node(for: (each D).self))
            var allSync = true
            for node in repeat each nodes {
                allSync = allSync && node.isSync
            }
            guard allSync else {
                return Node<S>.make(info, async: { scope throws(ResolutionError) -> S in
                    do throws(ResolutionError) {
                        let arguments = try await (repeat (each nodes).resolve(scope))
                        do {
                            return try factory(repeat each arguments)
                        } catch {
                            throw ResolutionError.factoryFailed(service: info.name, path: [], underlying: error)
                        }
                    } catch {
                        throw error.prepending(info.name)
                    }
                })
            }
            // Capture the dependencies' resolvers, not the nodes: calling a closure in
            // the pack loop needs no generic metadata at resolve time.
            let getters = (repeat (each nodes).get)
            return Node<S>.make(info, sync: { scope throws(ResolutionError) -> S in
                do throws(ResolutionError) {
                    let arguments = try (repeat (each getters)(scope))
                    do {
                        return try factory(repeat each arguments)
                    } catch {
                        throw ResolutionError.factoryFailed(service: info.name, path: [], underlying: error)
                    }
                } catch {
                    throw error.prepending(info.name)
                }
            })
        }
    }

    /// A registration whose factory is `async`.
    @inlinable
    static func async<S: Sendable, each D: Sendable>(
        _ role: Role,
        _ key: ServiceKey,
        _ lifetime: Lifetime,
        _ factory: @escaping @Sendable (repeat each D) async throws -> S
    ) -> Registration {
        Registration(
            role: role,
            key: key,
            lifetime: lifetime,
            dependencies: dependencyRequests(repeat (each D).self),
            isAsync: true,
            collect: role == .contribute ? Self.collector(S.self) : nil,
            wrapOptional: role == .contribute ? nil : Self.optionalWrapper(S.self)
        ) { linker, info throws(LinkFailure) in
            let nodes = try (repeat linker.node(for: (each D).self))
            return Node<S>.make(info, async: { scope throws(ResolutionError) -> S in
                do throws(ResolutionError) {
                    let arguments = try await (repeat (each nodes).resolve(scope))
                    do {
                        return try await factory(repeat each arguments)
                    } catch {
                        throw ResolutionError.factoryFailed(service: info.name, path: [], underlying: error)
                    }
                } catch {
                    throw error.prepending(info.name)
                }
            })
        }
    }

    /// Wraps a `Node<S>` as the node of `S?`.
    @inlinable
    static func optionalWrapper<S: Sendable>(_ type: S.Type) -> WrapOptional {
        { erased in (erased as? Node<S>).map(Node<S>.optional(of:)) }
    }

    /// Builds the multi-binding collector of `S` (for contributions).
    @inlinable
    static func collector<S: Sendable>(_ type: S.Type) -> Collect {
        { linker throws(LinkFailure) in try linker.multiBinding(of: type) }
    }
}
