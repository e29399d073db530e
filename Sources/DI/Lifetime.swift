// MARK: - Lifetime

/// How long an instance produced by a registration lives.
///
/// The raw values are the spellings used by the graph export (`snake_case`).
public enum Lifetime: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A new instance for every resolution.
    case transient
    /// One instance per container, created lazily on first use (exactly once, even under contention).
    case singleton
    /// One instance per container, created while `build()` runs; a failure fails the build.
    case eagerSingleton = "eager_singleton"
    /// One instance per ``Scope``; released when the scope is closed.
    case scoped

    /// The lifetime's export spelling, e.g. `eager_singleton`.
    public var description: String { self.rawValue }

    /// `true` for the lifetimes whose instance lives as long as the container.
    @inlinable
    public var isContainerWide: Bool {
        self == .singleton || self == .eagerSingleton
    }
}
