// MARK: - Fixed-arity registrations

// Written out by hand, beside ContainerBuilder+FixedArity*.swift: the 0–4 dependency synchronous
// factories, resolved through straight-line code instead of a pack-expansion loop. The
// factory's parameters are `consuming`, so a freshly resolved dependency is moved into
// it (an initializer such as `Level3.init` takes its arguments owned anyway): no
// retain/release pair per edge. Dependencies that are not synchronous make the node
// asynchronous; the async closure captures the dependency nodes themselves.

extension Registration {
    /// A registration whose synchronous factory has no dependencies.
    @inlinable
    static func sync0<S: Sendable>(
        _ role: Role,
        _ key: ServiceKey,
        _ lifetime: Lifetime,
        _ factory: @escaping @Sendable () throws -> S
    ) -> Registration {
        Registration(
            role: role,
            key: key,
            lifetime: lifetime,
            dependencies: [],
            isAsync: false,
            collect: role == .contribute ? Self.collector(S.self) : nil,
            wrapOptional: role == .contribute ? nil : Self.optionalWrapper(S.self)
        ) { _, info throws(LinkFailure) in
            Node<S>.make(info, sync: { _ throws(ResolutionError) -> S in
                do {
                    return try factory()
                } catch {
                    throw ResolutionError.factoryFailed(service: info.name, path: [info.name], underlying: error)
                }
            })
        }
    }

    /// A registration whose synchronous factory has 1 dependency.
    @inlinable
    static func sync1<S: Sendable, D1: Sendable>(
        _ role: Role,
        _ key: ServiceKey,
        _ lifetime: Lifetime,
        _ factory: @escaping @Sendable (consuming D1) throws -> S
    ) -> Registration {
        Registration(
            role: role,
            key: key,
            lifetime: lifetime,
            dependencies: [DependencyRequest(for: D1.self)],
            isAsync: false,
            collect: role == .contribute ? Self.collector(S.self) : nil,
            wrapOptional: role == .contribute ? nil : Self.optionalWrapper(S.self)
        ) { linker, info throws(LinkFailure) in
            let n1 = try linker.node(for: D1.self)
            guard n1.isSync else {
                return Node<S>.make(
                    info,
                    async: { scope throws(ResolutionError) -> S in
                        do throws(ResolutionError) {
                        let a1 = try await n1.resolve(scope)
                            do {
                                return try factory(consume a1)
                            } catch {
                                throw ResolutionError.factoryFailed(service: info.name, path: [], underlying: error)
                            }
                        } catch {
                            throw error.prepending(info.name)
                        }
                    }
                )
            }
            let g1 = n1.get
            return Node<S>.make(info, sync: { scope throws(ResolutionError) -> S in
                do throws(ResolutionError) {
                    let a1 = try g1(scope)
                    do {
                        return try factory(consume a1)
                    } catch {
                        throw ResolutionError.factoryFailed(service: info.name, path: [], underlying: error)
                    }
                } catch {
                    throw error.prepending(info.name)
                }
            })
        }
    }

    /// A registration whose synchronous factory has 2 dependencies.
    @inlinable
    static func sync2<S: Sendable, D1: Sendable, D2: Sendable>(
        _ role: Role,
        _ key: ServiceKey,
        _ lifetime: Lifetime,
        _ factory: @escaping @Sendable (consuming D1, consuming D2) throws -> S
    ) -> Registration {
        Registration(
            role: role,
            key: key,
            lifetime: lifetime,
            dependencies: [DependencyRequest(for: D1.self), DependencyRequest(for: D2.self)],
            isAsync: false,
            collect: role == .contribute ? Self.collector(S.self) : nil,
            wrapOptional: role == .contribute ? nil : Self.optionalWrapper(S.self)
        ) { linker, info throws(LinkFailure) in
            let n1 = try linker.node(for: D1.self)
            let n2 = try linker.node(for: D2.self)
            guard n1.isSync && n2.isSync else {
                return Node<S>.make(
                    info,
                    async: { scope throws(ResolutionError) -> S in
                        do throws(ResolutionError) {
                        let a1 = try await n1.resolve(scope)
                        let a2 = try await n2.resolve(scope)
                            do {
                                return try factory(consume a1, consume a2)
                            } catch {
                                throw ResolutionError.factoryFailed(service: info.name, path: [], underlying: error)
                            }
                        } catch {
                            throw error.prepending(info.name)
                        }
                    }
                )
            }
            let g1 = n1.get
            let g2 = n2.get
            return Node<S>.make(info, sync: { scope throws(ResolutionError) -> S in
                do throws(ResolutionError) {
                    let a1 = try g1(scope)
                    let a2 = try g2(scope)
                    do {
                        return try factory(consume a1, consume a2)
                    } catch {
                        throw ResolutionError.factoryFailed(service: info.name, path: [], underlying: error)
                    }
                } catch {
                    throw error.prepending(info.name)
                }
            })
        }
    }

    /// A registration whose synchronous factory has 3 dependencies.
    @inlinable
    static func sync3<S: Sendable, D1: Sendable, D2: Sendable, D3: Sendable>(
        _ role: Role,
        _ key: ServiceKey,
        _ lifetime: Lifetime,
        _ factory: @escaping @Sendable (consuming D1, consuming D2, consuming D3) throws -> S
    ) -> Registration {
        Registration(
            role: role,
            key: key,
            lifetime: lifetime,
            dependencies: [DependencyRequest(for: D1.self), DependencyRequest(for: D2.self), DependencyRequest(for: D3.self)],
            isAsync: false,
            collect: role == .contribute ? Self.collector(S.self) : nil,
            wrapOptional: role == .contribute ? nil : Self.optionalWrapper(S.self)
        ) { linker, info throws(LinkFailure) in
            let n1 = try linker.node(for: D1.self)
            let n2 = try linker.node(for: D2.self)
            let n3 = try linker.node(for: D3.self)
            guard n1.isSync && n2.isSync && n3.isSync else {
                return Node<S>.make(
                    info,
                    async: { scope throws(ResolutionError) -> S in
                        do throws(ResolutionError) {
                        let a1 = try await n1.resolve(scope)
                        let a2 = try await n2.resolve(scope)
                        let a3 = try await n3.resolve(scope)
                            do {
                                return try factory(consume a1, consume a2, consume a3)
                            } catch {
                                throw ResolutionError.factoryFailed(service: info.name, path: [], underlying: error)
                            }
                        } catch {
                            throw error.prepending(info.name)
                        }
                    }
                )
            }
            let g1 = n1.get
            let g2 = n2.get
            let g3 = n3.get
            return Node<S>.make(info, sync: { scope throws(ResolutionError) -> S in
                do throws(ResolutionError) {
                    let a1 = try g1(scope)
                    let a2 = try g2(scope)
                    let a3 = try g3(scope)
                    do {
                        return try factory(consume a1, consume a2, consume a3)
                    } catch {
                        throw ResolutionError.factoryFailed(service: info.name, path: [], underlying: error)
                    }
                } catch {
                    throw error.prepending(info.name)
                }
            })
        }
    }

    /// A registration whose synchronous factory has 4 dependencies.
    @inlinable
    static func sync4<S: Sendable, D1: Sendable, D2: Sendable, D3: Sendable, D4: Sendable>(
        _ role: Role,
        _ key: ServiceKey,
        _ lifetime: Lifetime,
        _ factory: @escaping @Sendable (consuming D1, consuming D2, consuming D3, consuming D4) throws -> S
    ) -> Registration {
        Registration(
            role: role,
            key: key,
            lifetime: lifetime,
            dependencies: [DependencyRequest(for: D1.self), DependencyRequest(for: D2.self), DependencyRequest(for: D3.self), DependencyRequest(for: D4.self)],
            isAsync: false,
            collect: role == .contribute ? Self.collector(S.self) : nil,
            wrapOptional: role == .contribute ? nil : Self.optionalWrapper(S.self)
        ) { linker, info throws(LinkFailure) in
            let n1 = try linker.node(for: D1.self)
            let n2 = try linker.node(for: D2.self)
            let n3 = try linker.node(for: D3.self)
            let n4 = try linker.node(for: D4.self)
            guard n1.isSync && n2.isSync && n3.isSync && n4.isSync else {
                return Node<S>.make(
                    info,
                    async: { scope throws(ResolutionError) -> S in
                        do throws(ResolutionError) {
                        let a1 = try await n1.resolve(scope)
                        let a2 = try await n2.resolve(scope)
                        let a3 = try await n3.resolve(scope)
                        let a4 = try await n4.resolve(scope)
                            do {
                                return try factory(consume a1, consume a2, consume a3, consume a4)
                            } catch {
                                throw ResolutionError.factoryFailed(service: info.name, path: [], underlying: error)
                            }
                        } catch {
                            throw error.prepending(info.name)
                        }
                    }
                )
            }
            let g1 = n1.get
            let g2 = n2.get
            let g3 = n3.get
            let g4 = n4.get
            return Node<S>.make(info, sync: { scope throws(ResolutionError) -> S in
                do throws(ResolutionError) {
                    let a1 = try g1(scope)
                    let a2 = try g2(scope)
                    let a3 = try g3(scope)
                    let a4 = try g4(scope)
                    do {
                        return try factory(consume a1, consume a2, consume a3, consume a4)
                    } catch {
                        throw ResolutionError.factoryFailed(service: info.name, path: [], underlying: error)
                    }
                } catch {
                    throw error.prepending(info.name)
                }
            })
        }
    }
}
