// MARK: - Runtime arguments

extension ContainerBuilder {
    /// Registers `type` built from a runtime `argument` (first factory parameter, supplied
    /// at resolve time) plus container-supplied dependencies (the other parameters).
    ///
    /// ```swift
    /// builder.register(JobRunner.self, argument: JobID.self) { (id: JobID, store: any Store) in
    ///     JobRunner(id: id, store: store)
    /// }
    /// let runner = try await container.resolve(JobRunner.self, argument: JobID(raw: 7))
    /// ```
    /// Such services are transient, and cannot be injected into other services (no
    /// argument would be available): `build()` reports that as a problem.
    @inlinable
    public mutating func register<S: Sendable, A: Sendable, each D: Sendable>(
        _ type: S.Type,
        tag: String? = nil,
        argument: A.Type,
        _ factory: @escaping @Sendable (A, repeat each D) throws -> S
    ) {
        self.add(.argumentSync(ServiceKey(type, tag: tag), factory))
    }

    /// Registers `type` built by an `async` factory from a runtime `argument` plus dependencies.
    @inlinable
    public mutating func register<S: Sendable, A: Sendable, each D: Sendable>(
        _ type: S.Type,
        tag: String? = nil,
        argument: A.Type,
        _ factory: @escaping @Sendable (A, repeat each D) async throws -> S
    ) {
        self.add(.argumentAsync(ServiceKey(type, tag: tag), factory))
    }
}

// MARK: - Argument registrations

extension Registration {
    /// A registration whose synchronous factory takes a runtime argument first.
    @inlinable
    static func argumentSync<S: Sendable, A: Sendable, each D: Sendable>(
        _ key: ServiceKey,
        _ factory: @escaping @Sendable (A, repeat each D) throws -> S
    ) -> Registration {
        Registration(
            role: .register,
            key: key,
            lifetime: .transient,
            dependencies: dependencyRequests(repeat (each D).self),
            argumentType: A.self,
            isAsync: false
        ) { linker, info throws(LinkFailure) in
            let nodes = try (repeat linker.node(for: (each D).self))
            var allSync = true
            for node in repeat each nodes {
                allSync = allSync && node.isSync
            }
            let asyncMake: @Sendable (A, Scope?) async throws(ResolutionError) -> S = { argument, scope throws(ResolutionError) in
                let arguments = try await (repeat (each nodes).resolve(scope))
                do {
                    return try factory(argument, repeat each arguments)
                } catch {
                    throw .factoryFailed(service: info.name, path: [], underlying: error)
                }
            }
            guard allSync else {
                return ArgumentNode<S, A>(info, syncMake: nil, asyncMake: asyncMake)
            }
            let getters = (repeat (each nodes).get)
            return ArgumentNode<S, A>(
                info,
                syncMake: { argument, scope throws(ResolutionError) in
                    let arguments = try (repeat (each getters)(scope))
                    do {
                        return try factory(argument, repeat each arguments)
                    } catch {
                        throw .factoryFailed(service: info.name, path: [], underlying: error)
                    }
                },
                asyncMake: asyncMake
            )
        }
    }

    /// A registration whose `async` factory takes a runtime argument first.
    @inlinable
    static func argumentAsync<S: Sendable, A: Sendable, each D: Sendable>(
        _ key: ServiceKey,
        _ factory: @escaping @Sendable (A, repeat each D) async throws -> S
    ) -> Registration {
        Registration(
            role: .register,
            key: key,
            lifetime: .transient,
            dependencies: dependencyRequests(repeat (each D).self),
            argumentType: A.self,
            isAsync: true
        ) { linker, info throws(LinkFailure) in
            let nodes = try (repeat linker.node(for: (each D).self))
            return ArgumentNode<S, A>(info, syncMake: nil) { argument, scope throws(ResolutionError) in
                let arguments = try await (repeat (each nodes).resolve(scope))
                do {
                    return try await factory(argument, repeat each arguments)
                } catch {
                    throw .factoryFailed(service: info.name, path: [], underlying: error)
                }
            }
        }
    }
}
