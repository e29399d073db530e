// MARK: - ContainerBuilder

/// Collects registrations, validates the whole graph and builds a ``Container``.
///
/// Factories are initializers or closures whose parameters are their dependencies, so
/// the builder knows every edge before anything is built:
///
/// ```swift
/// var builder = ContainerBuilder()
/// builder.register(Clock.self, .singleton, SystemClock.init)
/// builder.register(Scheduler.self, .singleton, SQLScheduler.init)   // init(store:clock:)
/// builder.contribute(Notifier.self, SlackNotifier.init)
/// builder.entryPoint(Server.self)
/// let container = try await builder.build()
/// ```
///
/// Parameter types are interpreted as follows: a plain type `P` needs the registration
/// of `P`; `[any P]` receives every contribution to `P`; `P?` receives `P` if it is
/// registered; ``Tagged`` asks for a tagged registration; ``Provider`` defers resolution.
public struct ContainerBuilder: Sendable {
    /// Every registration in call order.
    @usableFromInline var registrations: [Registration] = []
    /// Declared entry points: what the application resolves directly.
    var entryPoints: [DependencyRequest] = []
    /// Knobs for `build()`'s validation.
    public var options = ValidationOptions()

    /// An empty builder.
    public init() {}

    /// Records a registration.
    @usableFromInline
    mutating func add(_ registration: Registration) {
        self.registrations.append(registration)
    }

    // MARK: Entry points

    /// Declares that the application resolves `type` (with `tag`) directly.
    ///
    /// Entry points (and eager singletons) are where "used" starts: a registration no
    /// entry point reaches is reported as a warning. `[any P].self` declares the
    /// multi-binding of `P` an entry point.
    public mutating func entryPoint<S>(_ type: S.Type, tag: String? = nil) {
        self.entryPoints.append(DependencyRequest(entry: type, tag: tag))
    }
}

// MARK: - ValidationOptions

/// Knobs for the validation `build()` runs.
public struct ValidationOptions: Sendable, Hashable {
    /// How to report a singleton that keeps a *transient* instance alive forever
    /// (through its factory's parameters). `.error` by default; a scoped instance
    /// kept alive by a singleton is always an error.
    public var capturedTransient: ValidationProblem.Severity? = .error
    /// Whether to report registrations no entry point uses (as warnings).
    public var reportsUnused = true

    /// The default options.
    public init() {}
}
