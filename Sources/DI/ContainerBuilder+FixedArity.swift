// MARK: - Fixed-arity fast paths

// Written out by hand (no generator). Parameter packs (`register(_:_:_:)` with `repeat each D`)
// accept any number of dependencies, but the optimiser does not unroll pack-expansion loops,
// which costs retain/release traffic per dependency at resolve time. These overloads for the
// common 0–4 dependency synchronous factories are preferred by overload resolution over the
// variadic ones and compile to straight-line code. Their parameters are `consuming` (any `(D1,
// D2) throws -> S` closure converts implicitly), so resolved dependencies are moved into the
// factory. Behaviour is identical.

extension ContainerBuilder {
    /// `register` for a synchronous factory with no dependencies (fast path).
    @inlinable
    public mutating func register<S: Sendable>(
        _ type: S.Type,
        tag: String? = nil,
        _ lifetime: Lifetime,
        _ factory: @escaping @Sendable () throws -> S
    ) {
        self.add(.sync0(.register, ServiceKey(type, tag: tag), lifetime, factory))
    }

    /// `register` for a synchronous factory with no dependencies (fast path).
    @inlinable
    public mutating func register<S: Sendable>(
        _ type: S.Type,
        tag: String? = nil,
        _ factory: @escaping @Sendable () throws -> S
    ) {
        self.add(.sync0(.register, ServiceKey(type, tag: tag), .transient, factory))
    }

    /// `contribute` for a synchronous factory with no dependencies (fast path).
    @inlinable
    public mutating func contribute<S: Sendable>(
        _ type: S.Type,
        _ lifetime: Lifetime,
        _ factory: @escaping @Sendable () throws -> S
    ) {
        self.add(.sync0(.contribute, ServiceKey(type), lifetime, factory))
    }

    /// `contribute` for a synchronous factory with no dependencies (fast path).
    @inlinable
    public mutating func contribute<S: Sendable>(
        _ type: S.Type,
        _ factory: @escaping @Sendable () throws -> S
    ) {
        self.add(.sync0(.contribute, ServiceKey(type), .transient, factory))
    }

    /// `override` for a synchronous factory with no dependencies (fast path).
    @inlinable
    public mutating func override<S: Sendable>(
        _ type: S.Type,
        tag: String? = nil,
        _ lifetime: Lifetime,
        _ factory: @escaping @Sendable () throws -> S
    ) {
        self.add(.sync0(.override, ServiceKey(type, tag: tag), lifetime, factory))
    }

    /// `override` for a synchronous factory with no dependencies (fast path).
    @inlinable
    public mutating func override<S: Sendable>(
        _ type: S.Type,
        tag: String? = nil,
        _ factory: @escaping @Sendable () throws -> S
    ) {
        self.add(.sync0(.override, ServiceKey(type, tag: tag), .transient, factory))
    }

    /// `register` for a synchronous factory with 1 dependency (fast path).
    @inlinable
    public mutating func register<S: Sendable, D1: Sendable>(
        _ type: S.Type,
        tag: String? = nil,
        _ lifetime: Lifetime,
        _ factory: @escaping @Sendable (consuming D1) throws -> S
    ) {
        self.add(.sync1(.register, ServiceKey(type, tag: tag), lifetime, factory))
    }

    /// `register` for a synchronous factory with 1 dependency (fast path).
    @inlinable
    public mutating func register<S: Sendable, D1: Sendable>(
        _ type: S.Type,
        tag: String? = nil,
        _ factory: @escaping @Sendable (consuming D1) throws -> S
    ) {
        self.add(.sync1(.register, ServiceKey(type, tag: tag), .transient, factory))
    }

    /// `contribute` for a synchronous factory with 1 dependency (fast path).
    @inlinable
    public mutating func contribute<S: Sendable, D1: Sendable>(
        _ type: S.Type,
        _ lifetime: Lifetime,
        _ factory: @escaping @Sendable (consuming D1) throws -> S
    ) {
        self.add(.sync1(.contribute, ServiceKey(type), lifetime, factory))
    }

    /// `contribute` for a synchronous factory with 1 dependency (fast path).
    @inlinable
    public mutating func contribute<S: Sendable, D1: Sendable>(
        _ type: S.Type,
        _ factory: @escaping @Sendable (consuming D1) throws -> S
    ) {
        self.add(.sync1(.contribute, ServiceKey(type), .transient, factory))
    }

    /// `override` for a synchronous factory with 1 dependency (fast path).
    @inlinable
    public mutating func override<S: Sendable, D1: Sendable>(
        _ type: S.Type,
        tag: String? = nil,
        _ lifetime: Lifetime,
        _ factory: @escaping @Sendable (consuming D1) throws -> S
    ) {
        self.add(.sync1(.override, ServiceKey(type, tag: tag), lifetime, factory))
    }

    /// `override` for a synchronous factory with 1 dependency (fast path).
    @inlinable
    public mutating func override<S: Sendable, D1: Sendable>(
        _ type: S.Type,
        tag: String? = nil,
        _ factory: @escaping @Sendable (consuming D1) throws -> S
    ) {
        self.add(.sync1(.override, ServiceKey(type, tag: tag), .transient, factory))
    }

    /// `register` for a synchronous factory with 2 dependencies (fast path).
    @inlinable
    public mutating func register<S: Sendable, D1: Sendable, D2: Sendable>(
        _ type: S.Type,
        tag: String? = nil,
        _ lifetime: Lifetime,
        _ factory: @escaping @Sendable (consuming D1, consuming D2) throws -> S
    ) {
        self.add(.sync2(.register, ServiceKey(type, tag: tag), lifetime, factory))
    }

    /// `register` for a synchronous factory with 2 dependencies (fast path).
    @inlinable
    public mutating func register<S: Sendable, D1: Sendable, D2: Sendable>(
        _ type: S.Type,
        tag: String? = nil,
        _ factory: @escaping @Sendable (consuming D1, consuming D2) throws -> S
    ) {
        self.add(.sync2(.register, ServiceKey(type, tag: tag), .transient, factory))
    }

    /// `contribute` for a synchronous factory with 2 dependencies (fast path).
    @inlinable
    public mutating func contribute<S: Sendable, D1: Sendable, D2: Sendable>(
        _ type: S.Type,
        _ lifetime: Lifetime,
        _ factory: @escaping @Sendable (consuming D1, consuming D2) throws -> S
    ) {
        self.add(.sync2(.contribute, ServiceKey(type), lifetime, factory))
    }

    /// `contribute` for a synchronous factory with 2 dependencies (fast path).
    @inlinable
    public mutating func contribute<S: Sendable, D1: Sendable, D2: Sendable>(
        _ type: S.Type,
        _ factory: @escaping @Sendable (consuming D1, consuming D2) throws -> S
    ) {
        self.add(.sync2(.contribute, ServiceKey(type), .transient, factory))
    }

    /// `override` for a synchronous factory with 2 dependencies (fast path).
    @inlinable
    public mutating func override<S: Sendable, D1: Sendable, D2: Sendable>(
        _ type: S.Type,
        tag: String? = nil,
        _ lifetime: Lifetime,
        _ factory: @escaping @Sendable (consuming D1, consuming D2) throws -> S
    ) {
        self.add(.sync2(.override, ServiceKey(type, tag: tag), lifetime, factory))
    }

    /// `override` for a synchronous factory with 2 dependencies (fast path).
    @inlinable
    public mutating func override<S: Sendable, D1: Sendable, D2: Sendable>(
        _ type: S.Type,
        tag: String? = nil,
        _ factory: @escaping @Sendable (consuming D1, consuming D2) throws -> S
    ) {
        self.add(.sync2(.override, ServiceKey(type, tag: tag), .transient, factory))
    }
}
