// MARK: - MemberwiseInit

/// The access level of the initializer ``MemberwiseInit(_:)`` writes.
public enum MemberwiseAccess {
    /// `public init(…)`: the type's values are made in other packages' code too.
    case `public`
    /// `package init(…)`: made in other modules of this package (a store's backends).
    case `package`
    /// `init(…)`: made only in the type's own module (Swift's own memberwise initializer,
    /// written out where the type also declares an initializer of its own).
    case `internal`
}

/// Writes the type's memberwise initializer at `access`: one parameter per stored property,
/// in declaration order, labelled and named like the property, each assigned to it.
///
/// It is the initializer Swift synthesises for a structure, which Swift keeps `internal`: a
/// value type built in another module (the store's values, made by each backend; the wire
/// shapes in `Core`, made by the server and read by the CLI) would otherwise repeat every
/// property three times, as declaration, parameter and assignment.
///
/// As Swift's own does, it takes a `var` with an initial value as a parameter defaulting to
/// that value (an optional `var` without one defaults to `nil`), and leaves out a `let` with
/// one. A property of function type is taken `@escaping`. Computed, `static` and `lazy` properties are not parameters. A stored property
/// without a written type is an error: the macro sees syntax, not inferred types.
///
/// ```swift
/// @MemberwiseInit(.public)
/// public struct Artifact: Codable, Sendable {
///     public var id: Int64
///     public var path: String
/// }
/// // public init(id: Int64, path: String) { self.id = id; self.path = path }
/// ```
@attached(member, names: named(init))
public macro MemberwiseInit(_ access: MemberwiseAccess = .internal) = #externalMacro(
    module: "MemberwiseInitMacros", type: "MemberwiseInitMacro"
)
