// MARK: - ServiceKey

/// Identifies one registration slot: a service type plus an optional tag.
///
/// Two registrations with the same key are ambiguous unless the later one is an
/// ``ContainerBuilder/override(_:tag:_:_:)-(_,_,_,(repeat each D) throws -> S)``.
public struct ServiceKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The service type. Its name is computed only when a report or export needs it,
    /// because `String(describing:)` would dominate the cost of `build()`.
    public let type: any Any.Type
    /// The tag distinguishing variants of the same type, `nil` for the default variant.
    public let tag: String?

    /// Creates the key of `type` with an optional `tag`.
    @inlinable
    public init<S>(_ type: S.Type, tag: String? = nil) {
        self.type = type
        self.tag = tag
    }

    /// The identity of the service type, used by the type tables.
    @inlinable
    var typeID: ObjectIdentifier { ObjectIdentifier(self.type) }

    /// A short, human-readable name of the service type (`Scheduler`, `JobStore`).
    public var typeName: String { DI.typeName(of: self.type) }

    /// `Type` or `Type#tag`: the spelling used in paths, reports and graph exports.
    public var description: String {
        guard let tag else { return self.typeName }
        return "\(self.typeName)#\(tag)"
    }

    /// Equal when type and tag are equal; the name is derived from the type.
    public static func == (lhs: ServiceKey, rhs: ServiceKey) -> Bool {
        lhs.typeID == rhs.typeID && lhs.tag == rhs.tag
    }

    /// Hashes type and tag.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(self.typeID)
        hasher.combine(self.tag)
    }

    /// Orders by description so exports and reports are deterministic.
    public static func < (lhs: ServiceKey, rhs: ServiceKey) -> Bool {
        lhs.description < rhs.description
    }
}

// MARK: - Type names

/// A short name for a type: `String(describing:)` without the `any ` of existentials,
/// so `(any Scheduler).self` reads `Scheduler` in reports.
@usableFromInline
func typeName(of type: any Any.Type) -> String {
    shortName(String(describing: type))
}

/// Rewrites `any P` to `P`, `Array<any P>` to `[P]` and `Optional<P>` to `P?`.
func shortName(_ name: String) -> String {
    if name.hasPrefix("any ") {
        return shortName(String(name.dropFirst(4)))
    }
    if name.hasPrefix("Array<"), name.hasSuffix(">") {
        return "[" + shortName(String(name.dropFirst(6).dropLast())) + "]"
    }
    if name.hasPrefix("Optional<"), name.hasSuffix(">") {
        return shortName(String(name.dropFirst(9).dropLast())) + "?"
    }
    return name
}
