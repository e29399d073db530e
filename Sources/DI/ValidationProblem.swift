// MARK: - ValidationProblem

/// One finding of the validation `build()` runs, with the dependency path leading to it.
///
/// Its description reads like `Server → BuildScheduler → JobStore: not registered`.
public struct ValidationProblem: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A dependency (or entry point) names a service nothing registers.
        case missingRegistration = "missing_registration"
        /// The same type and tag were registered more than once without `override`.
        case ambiguousRegistration = "ambiguous_registration"
        /// Services depend on each other in a circle; the path spells it out.
        case cycle
        /// A singleton keeps a scoped (or transient) instance alive forever.
        case captiveDependency = "captive_dependency"
        /// A registration no entry point (or eager singleton) uses.
        case unusedRegistration = "unused_registration"
        /// `override` of a type and tag that were never registered.
        case overrideWithoutRegistration = "override_without_registration"
        /// A dependency on a service that needs a runtime argument.
        case argumentRequired = "argument_required"
        /// An eager singleton's factory failed during `build()`.
        case eagerSingletonFailed = "eager_singleton_failed"
        /// An internal inconsistency while linking (please report it).
        case internalError = "internal_error"
    }

    /// Whether the problem fails `build()`.
    public enum Severity: String, Sendable, Hashable {
        /// Fails `build()`.
        case error
        /// Reported on ``Container/warnings``; the container is still built.
        case warning
    }

    /// What kind of problem it is.
    public let kind: Kind
    /// Whether it fails the build.
    public let severity: Severity
    /// The services leading to the problem, e.g. `["Server", "BuildScheduler", "JobStore"]`;
    /// for a cycle, the cycle itself with its first service repeated at the end.
    public let path: [String]
    /// What is wrong at the end of the path, e.g. `not registered`.
    public let message: String

    /// Creates a problem.
    public init(kind: Kind, severity: Severity = .error, path: [String], message: String) {
        self.kind = kind
        self.severity = severity
        self.path = path
        self.message = message
    }

    /// `Server → BuildScheduler → JobStore: not registered`.
    public var description: String {
        "\(self.path.joined(separator: " → ")): \(self.message)"
    }
}
