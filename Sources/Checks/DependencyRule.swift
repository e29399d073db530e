import MemberwiseInit

/// One rule of a `mobile-ops-checks.yml`: what it checks, and which edges it looks at.
@MemberwiseInit(.public)
public struct DependencyRule: Sendable, Hashable {
    /// What a rule checks.
    public enum Check: Sendable, Hashable {
        /// Ordered layers, top first: a module may depend only on its own or lower layers.
        /// Each layer is one or more globs; a module belongs to the first layer it matches.
        case layers([[ModuleGlob]])
        /// No edge from a `from` module to a `to` module, except where `unless` allows it or
        /// the module also matches one of `except` (`from: "*"`, `except: [Server]`).
        case forbid(from: ModuleGlob, to: ModuleGlob, unless: Exception?, except: [ModuleGlob])
        /// Modules matching `from` may depend only on modules matching one of `to`.
        case allowOnly(from: ModuleGlob, to: [ModuleGlob])
        /// No module reaches itself through its dependencies.
        case noCycles
        /// No chain of dependencies longer than this many edges.
        case maxDepth(Int)
    }

    /// An exception to a `forbid` rule.
    public enum Exception: String, Sendable, Hashable, CaseIterable {
        /// The two modules sit in the same parent (`:feature:login:api` → `:feature:login:impl`),
        /// or `to` sits directly inside `from` (`:feature:login` → `:feature:login:impl`).
        case sameParent = "same_parent"
    }

    /// The rule's name, unique in its file: what a violation and a baseline refer to.
    public var name: String
    /// What it checks.
    public var check: Check
    /// Only edges of these configurations (`api`, `implementation`, `target`, …); all when nil.
    public var configurations: Set<String>?
    /// Whether test-only edges (`testImplementation`, a test target's) count too.
    public var includeTests: Bool = false

    /// Whether the rule looks at dependencies on external libraries: only a `forbid` or
    /// `allow_only` that names an `external:` pattern as its target does. Every other rule sees
    /// the project's modules alone, so adding external libraries to a graph changes no verdict.
    public var seesExternal: Bool {
        switch check {
        case let .forbid(_, to, _, _): to.isExternal
        case let .allowOnly(_, to): to.contains(where: \.isExternal)
        case .layers, .noCycles, .maxDepth: false
        }
    }

    /// The rule kind's key in the rules file: `layers`, `forbid`, `allow_only`, `no_cycles`, `max_depth`.
    public var kind: String {
        switch check {
        case .layers: "layers"
        case .forbid: "forbid"
        case .allowOnly: "allow_only"
        case .noCycles: "no_cycles"
        case .maxDepth: "max_depth"
        }
    }
}

/// The rules of one `mobile-ops-checks.yml`, in file order.
@MemberwiseInit(.public)
public struct DependencyRules: Sendable, Hashable {
    /// The rules file's usual name, at the project root.
    public static let defaultFileName = "mobile-ops-checks.yml"

    /// The rules, in file order.
    public var rules: [DependencyRule]
}
