// MARK: - ResolutionError

/// Why a resolution failed. Every case names the service and the dependency path
/// from what was asked for down to the failing service, e.g. `Server → Scheduler → Store`.
public enum ResolutionError: Error, CustomStringConvertible {
    /// Nothing is registered for `service`.
    case notRegistered(service: String, path: [String])
    /// `service` is scoped but was resolved from the container, outside any ``Scope``.
    case scopeRequired(service: String, path: [String])
    /// The ``Scope`` was already closed when `service` was asked for.
    case scopeClosed(service: String, path: [String])
    /// `service` was registered with a runtime argument of type `expected` but resolved
    /// with `received` (`"none"` when one side has no argument).
    case argumentMismatch(service: String, expected: String, received: String)
    /// The factory of `service` threw `underlying`.
    case factoryFailed(service: String, path: [String], underlying: any Error)
    /// `service` has an `async` factory but was resolved on the synchronous path.
    case requiresAsync(service: String, path: [String])

    /// The service the error is about.
    public var service: String {
        switch self {
        case .notRegistered(let service, _), .scopeRequired(let service, _), .scopeClosed(let service, _),
            .argumentMismatch(let service, _, _), .factoryFailed(let service, _, _), .requiresAsync(let service, _):
            service
        }
    }

    /// The dependency path from the resolved service down to ``service``.
    public var path: [String] {
        switch self {
        case .notRegistered(_, let path), .scopeRequired(_, let path), .scopeClosed(_, let path),
            .factoryFailed(_, let path, _), .requiresAsync(_, let path):
            path
        case .argumentMismatch(let service, _, _):
            [service]
        }
    }

    /// A one-line explanation, e.g. `Server → Store: factory failed: disk full`.
    public var description: String {
        "\(self.path.joined(separator: " → ")): \(self.reason)"
    }

    /// What went wrong at the end of the path, e.g. `factory failed: disk full`.
    public var reason: String {
        switch self {
        case .notRegistered:
            "not registered"
        case .scopeRequired:
            "scoped service resolved outside a scope (use container.makeScope())"
        case .scopeClosed:
            "the scope is closed"
        case .argumentMismatch(_, let expected, let received):
            "registered with argument \(expected) but resolved with \(received)"
        case .factoryFailed(_, _, let underlying):
            "factory failed: \(underlying)"
        case .requiresAsync:
            "factory is async; resolve it with the async API"
        }
    }

    // MARK: Path building

    /// The same error with `key` in front of its path. Nodes call this while the error
    /// unwinds, so the path is only built when something actually fails.
    @usableFromInline
    func prepending(_ key: String) -> ResolutionError {
        // Transparent wrapper nodes (optionals, tags, providers) have no name.
        if key.isEmpty { return self }
        return switch self {
        case .notRegistered(let service, let path): ResolutionError.notRegistered(service: service, path: [key] + path)
        case .scopeRequired(let service, let path): .scopeRequired(service: service, path: [key] + path)
        case .scopeClosed(let service, let path): .scopeClosed(service: service, path: [key] + path)
        case .argumentMismatch: self
        case .factoryFailed(let service, let path, let underlying):
            .factoryFailed(service: service, path: [key] + path, underlying: underlying)
        case .requiresAsync(let service, let path): .requiresAsync(service: service, path: [key] + path)
        }
    }
}
