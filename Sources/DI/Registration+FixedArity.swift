// MARK: - Fixed-arity registrations

// Generated alongside ContainerBuilder+FixedArity.swift: the 1–4 dependency synchronous
// factories, resolved through straight-line code instead of a pack-expansion loop.

extension Registration {
    /// A registration whose synchronous factory has 1 dependency.
    @inlinable
    static func sync1<S: Sendable, D1: Sendable>(
        _ role: Role,
        _ key: ServiceKey,
        _ lifetime: Lifetime,
        _ factory: @escaping @Sendable (D1) throws -> S
    ) -> Registration {
        Registration(
            role: role,
            key: key,
            lifetime: lifetime,
            dependencies: dependencyRequests(D1.self),
            isAsync: false,
            collect: role == .contribute ? Self.collector(S.self) : nil,
            wrapOptional: role == .contribute ? nil : Self.optionalWrapper(S.self)
        ) { linker, info throws(LinkFailure) in
            let get1 = try linker.node(for: D1.self)
            if get1.isSync {
                let g1 = get1.get
                return Node<S>.make(info) { scope throws(ResolutionError) -> S in
                    do throws(ResolutionError) {
                        let arguments = (try g1(scope))
                        do {
                            return try factory(arguments)
                        } catch {
                            throw ResolutionError.factoryFailed(service: info.name, path: [], underlying: error)
                        }
                    } catch {
                        throw error.prepending(info.name)
                    }
                }
            }
            let a1 = get1.getAsync
            return Node<S>.make(info, sync: nil) { scope throws(ResolutionError) -> S in
                do throws(ResolutionError) {
                    let arguments = (try await a1(scope))
                    do {
                        return try factory(arguments)
                    } catch {
                        throw ResolutionError.factoryFailed(service: info.name, path: [], underlying: error)
                    }
                } catch {
                    throw error.prepending(info.name)
                }
            }
        }
    }

    /// A registration whose synchronous factory has 2 dependencies.
    @inlinable
    static func sync2<S: Sendable, D1: Sendable, D2: Sendable>(
        _ role: Role,
        _ key: ServiceKey,
        _ lifetime: Lifetime,
        _ factory: @escaping @Sendable (D1, D2) throws -> S
    ) -> Registration {
        Registration(
            role: role,
            key: key,
            lifetime: lifetime,
            dependencies: dependencyRequests(D1.self, D2.self),
            isAsync: false,
            collect: role == .contribute ? Self.collector(S.self) : nil,
            wrapOptional: role == .contribute ? nil : Self.optionalWrapper(S.self)
        ) { linker, info throws(LinkFailure) in
            let get1 = try linker.node(for: D1.self)
            let get2 = try linker.node(for: D2.self)
            if get1.isSync && get2.isSync {
                let g1 = get1.get
                let g2 = get2.get
                return Node<S>.make(info) { scope throws(ResolutionError) -> S in
                    do throws(ResolutionError) {
                        let arguments = (try g1(scope), try g2(scope))
                        do {
                            return try factory(arguments.0, arguments.1)
                        } catch {
                            throw ResolutionError.factoryFailed(service: info.name, path: [], underlying: error)
                        }
                    } catch {
                        throw error.prepending(info.name)
                    }
                }
            }
            let a1 = get1.getAsync
            let a2 = get2.getAsync
            return Node<S>.make(info, sync: nil) { scope throws(ResolutionError) -> S in
                do throws(ResolutionError) {
                    let arguments = (try await a1(scope), try await a2(scope))
                    do {
                        return try factory(arguments.0, arguments.1)
                    } catch {
                        throw ResolutionError.factoryFailed(service: info.name, path: [], underlying: error)
                    }
                } catch {
                    throw error.prepending(info.name)
                }
            }
        }
    }

    /// A registration whose synchronous factory has 3 dependencies.
    @inlinable
    static func sync3<S: Sendable, D1: Sendable, D2: Sendable, D3: Sendable>(
        _ role: Role,
        _ key: ServiceKey,
        _ lifetime: Lifetime,
        _ factory: @escaping @Sendable (D1, D2, D3) throws -> S
    ) -> Registration {
        Registration(
            role: role,
            key: key,
            lifetime: lifetime,
            dependencies: dependencyRequests(D1.self, D2.self, D3.self),
            isAsync: false,
            collect: role == .contribute ? Self.collector(S.self) : nil,
            wrapOptional: role == .contribute ? nil : Self.optionalWrapper(S.self)
        ) { linker, info throws(LinkFailure) in
            let get1 = try linker.node(for: D1.self)
            let get2 = try linker.node(for: D2.self)
            let get3 = try linker.node(for: D3.self)
            if get1.isSync && get2.isSync && get3.isSync {
                let g1 = get1.get
                let g2 = get2.get
                let g3 = get3.get
                return Node<S>.make(info) { scope throws(ResolutionError) -> S in
                    do throws(ResolutionError) {
                        let arguments = (try g1(scope), try g2(scope), try g3(scope))
                        do {
                            return try factory(arguments.0, arguments.1, arguments.2)
                        } catch {
                            throw ResolutionError.factoryFailed(service: info.name, path: [], underlying: error)
                        }
                    } catch {
                        throw error.prepending(info.name)
                    }
                }
            }
            let a1 = get1.getAsync
            let a2 = get2.getAsync
            let a3 = get3.getAsync
            return Node<S>.make(info, sync: nil) { scope throws(ResolutionError) -> S in
                do throws(ResolutionError) {
                    let arguments = (try await a1(scope), try await a2(scope), try await a3(scope))
                    do {
                        return try factory(arguments.0, arguments.1, arguments.2)
                    } catch {
                        throw ResolutionError.factoryFailed(service: info.name, path: [], underlying: error)
                    }
                } catch {
                    throw error.prepending(info.name)
                }
            }
        }
    }

    /// A registration whose synchronous factory has 4 dependencies.
    @inlinable
    static func sync4<S: Sendable, D1: Sendable, D2: Sendable, D3: Sendable, D4: Sendable>(
        _ role: Role,
        _ key: ServiceKey,
        _ lifetime: Lifetime,
        _ factory: @escaping @Sendable (D1, D2, D3, D4) throws -> S
    ) -> Registration {
        Registration(
            role: role,
            key: key,
            lifetime: lifetime,
            dependencies: dependencyRequests(D1.self, D2.self, D3.self, D4.self),
            isAsync: false,
            collect: role == .contribute ? Self.collector(S.self) : nil,
            wrapOptional: role == .contribute ? nil : Self.optionalWrapper(S.self)
        ) { linker, info throws(LinkFailure) in
            let get1 = try linker.node(for: D1.self)
            let get2 = try linker.node(for: D2.self)
            let get3 = try linker.node(for: D3.self)
            let get4 = try linker.node(for: D4.self)
            if get1.isSync && get2.isSync && get3.isSync && get4.isSync {
                let g1 = get1.get
                let g2 = get2.get
                let g3 = get3.get
                let g4 = get4.get
                return Node<S>.make(info) { scope throws(ResolutionError) -> S in
                    do throws(ResolutionError) {
                        let arguments = (try g1(scope), try g2(scope), try g3(scope), try g4(scope))
                        do {
                            return try factory(arguments.0, arguments.1, arguments.2, arguments.3)
                        } catch {
                            throw ResolutionError.factoryFailed(service: info.name, path: [], underlying: error)
                        }
                    } catch {
                        throw error.prepending(info.name)
                    }
                }
            }
            let a1 = get1.getAsync
            let a2 = get2.getAsync
            let a3 = get3.getAsync
            let a4 = get4.getAsync
            return Node<S>.make(info, sync: nil) { scope throws(ResolutionError) -> S in
                do throws(ResolutionError) {
                    let arguments = (try await a1(scope), try await a2(scope), try await a3(scope), try await a4(scope))
                    do {
                        return try factory(arguments.0, arguments.1, arguments.2, arguments.3)
                    } catch {
                        throw ResolutionError.factoryFailed(service: info.name, path: [], underlying: error)
                    }
                } catch {
                    throw error.prepending(info.name)
                }
            }
        }
    }

}
