// MARK: - Registering services

extension ContainerBuilder {
    /// Registers `type` (optionally under `tag`) built by `factory`, whose parameters are
    /// its dependencies.
    ///
    /// ```swift
    /// builder.register(Scheduler.self, .singleton, SQLScheduler.init)  // (Store, Clock) -> SQLScheduler
    /// builder.register(Store.self, tag: "replica", .singleton) { (config: Config) in SQLStore(url: config.replicaURL) }
    /// ```
    /// Registering the same type and tag twice is reported by `build()`; use
    /// ``override(_:tag:_:_:)-(_,_,_,(repeat each D) throws -> S)`` to replace one.
    @inlinable
    public mutating func register<S: Sendable, each D: Sendable>(
        _ type: S.Type,
        tag: String? = nil,
        _ lifetime: Lifetime,
        _ factory: @escaping @Sendable (repeat each D) throws -> S
    ) {
        self.add(.sync(.register, ServiceKey(type, tag: tag), lifetime, factory))
    }

    /// As above, with a `.transient` lifetime.
    @inlinable
    public mutating func register<S: Sendable, each D: Sendable>(
        _ type: S.Type,
        tag: String? = nil,
        _ factory: @escaping @Sendable (repeat each D) throws -> S
    ) {
        self.add(.sync(.register, ServiceKey(type, tag: tag), .transient, factory))
    }

    /// Registers `type` built by an `async` factory whose parameters are its dependencies.
    @inlinable
    public mutating func register<S: Sendable, each D: Sendable>(
        _ type: S.Type,
        tag: String? = nil,
        _ lifetime: Lifetime,
        _ factory: @escaping @Sendable (repeat each D) async throws -> S
    ) {
        self.add(.async(.register, ServiceKey(type, tag: tag), lifetime, factory))
    }

    /// As above, with a `.transient` lifetime.
    @inlinable
    public mutating func register<S: Sendable, each D: Sendable>(
        _ type: S.Type,
        tag: String? = nil,
        _ factory: @escaping @Sendable (repeat each D) async throws -> S
    ) {
        self.add(.async(.register, ServiceKey(type, tag: tag), .transient, factory))
    }

    /// Registers an existing instance of `type` as a singleton.
    @inlinable
    public mutating func register<S: Sendable>(_ type: S.Type, tag: String? = nil, instance: S) {
        self.add(.sync(.register, ServiceKey(type, tag: tag), .singleton, { () -> S in instance }))
    }

    // MARK: Multi-bindings

    /// Adds one part to the multi-binding of `type`. Parts resolve together, in
    /// registration order, through ``Container/resolveAll(_:)`` or an `[any P]` parameter.
    ///
    /// ```swift
    /// builder.contribute(Notifier.self, SlackNotifier.init)
    /// builder.contribute(Notifier.self, .singleton, EmailNotifier.init)
    /// ```
    @inlinable
    public mutating func contribute<S: Sendable, each D: Sendable>(
        _ type: S.Type,
        _ lifetime: Lifetime,
        _ factory: @escaping @Sendable (repeat each D) throws -> S
    ) {
        self.add(.sync(.contribute, ServiceKey(type), lifetime, factory))
    }

    /// As above, with a `.transient` lifetime.
    @inlinable
    public mutating func contribute<S: Sendable, each D: Sendable>(
        _ type: S.Type,
        _ factory: @escaping @Sendable (repeat each D) throws -> S
    ) {
        self.add(.sync(.contribute, ServiceKey(type), .transient, factory))
    }

    /// Adds one part, built by an `async` factory, to the multi-binding of `type`.
    @inlinable
    public mutating func contribute<S: Sendable, each D: Sendable>(
        _ type: S.Type,
        _ lifetime: Lifetime,
        _ factory: @escaping @Sendable (repeat each D) async throws -> S
    ) {
        self.add(.async(.contribute, ServiceKey(type), lifetime, factory))
    }

    /// As above, with a `.transient` lifetime.
    @inlinable
    public mutating func contribute<S: Sendable, each D: Sendable>(
        _ type: S.Type,
        _ factory: @escaping @Sendable (repeat each D) async throws -> S
    ) {
        self.add(.async(.contribute, ServiceKey(type), .transient, factory))
    }

    // MARK: Overrides

    /// Replaces the registration of `type` (and `tag`), keeping every other one: the
    /// way tests swap a real service for a fake. Overriding something that was never
    /// registered is reported by `build()`.
    @inlinable
    public mutating func override<S: Sendable, each D: Sendable>(
        _ type: S.Type,
        tag: String? = nil,
        _ lifetime: Lifetime,
        _ factory: @escaping @Sendable (repeat each D) throws -> S
    ) {
        self.add(.sync(.override, ServiceKey(type, tag: tag), lifetime, factory))
    }

    /// As above, with a `.transient` lifetime.
    @inlinable
    public mutating func override<S: Sendable, each D: Sendable>(
        _ type: S.Type,
        tag: String? = nil,
        _ factory: @escaping @Sendable (repeat each D) throws -> S
    ) {
        self.add(.sync(.override, ServiceKey(type, tag: tag), .transient, factory))
    }

    /// Replaces the registration of `type` (and `tag`) with an `async` factory.
    @inlinable
    public mutating func override<S: Sendable, each D: Sendable>(
        _ type: S.Type,
        tag: String? = nil,
        _ lifetime: Lifetime,
        _ factory: @escaping @Sendable (repeat each D) async throws -> S
    ) {
        self.add(.async(.override, ServiceKey(type, tag: tag), lifetime, factory))
    }

    /// As above, with a `.transient` lifetime.
    @inlinable
    public mutating func override<S: Sendable, each D: Sendable>(
        _ type: S.Type,
        tag: String? = nil,
        _ factory: @escaping @Sendable (repeat each D) async throws -> S
    ) {
        self.add(.async(.override, ServiceKey(type, tag: tag), .transient, factory))
    }

    /// Replaces the registration of `type` (and `tag`) with a fixed instance (a singleton).
    @inlinable
    public mutating func override<S: Sendable>(_ type: S.Type, tag: String? = nil, instance: S) {
        self.add(.sync(.override, ServiceKey(type, tag: tag), .singleton, { () -> S in instance }))
    }
}
