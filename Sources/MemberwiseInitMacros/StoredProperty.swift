import SwiftSyntax

// MARK: - StoredProperty

/// One parameter of a memberwise initializer: a stored property's name, written type and,
/// for a `var`, its initial value as the parameter's default.
struct StoredProperty {
    /// The name as written, backticks included (`` `protocol` ``).
    let name: String
    /// The written type, `@escaping` added for a function type.
    let type: String
    /// The initial value of a `var` (`nil` for an optional one without), as the parameter's default.
    let defaultValue: String?

    /// The properties of `members` the initializer takes, in declaration order.
    /// - Throws: ``MemberwiseInitError`` for a stored property it cannot type.
    static func all(in members: MemberBlockItemListSyntax) throws(MemberwiseInitError) -> [StoredProperty] {
        var properties: [StoredProperty] = []
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), isStored(variable) else { continue }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            for binding in variable.bindings {
                guard binding.accessorBlock.map(isObserversOnly) ?? true else { continue }
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                    throw MemberwiseInitError("a stored property bound by a pattern cannot be a parameter", at: Syntax(binding))
                }
                let initial = binding.initializer?.value.trimmedDescription
                if isLet, initial != nil { continue }
                guard let type = binding.typeAnnotation?.type else {
                    throw MemberwiseInitError("'\(name)' needs a written type to be a parameter", at: Syntax(binding))
                }
                // As in Swift's own memberwise initializer, an optional `var` starts as nil.
                let isOptional = type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
                let defaultValue = initial ?? (!isLet && isOptional ? "nil" : nil)
                properties.append(StoredProperty(name: name, type: parameterType(type), defaultValue: defaultValue))
            }
        }
        return properties
    }

    /// Not `static`, `class` or `lazy`: a property each value holds from its initializer on.
    private static func isStored(_ variable: VariableDeclSyntax) -> Bool {
        !variable.modifiers.contains { modifier in
            [.keyword(.static), .keyword(.class), .keyword(.lazy)].contains(modifier.name.tokenKind)
        }
    }

    /// An accessor block of `willSet`/`didSet` only keeps the property stored; `get` (or a
    /// bare body) makes it computed.
    private static func isObserversOnly(_ block: AccessorBlockSyntax) -> Bool {
        guard case .accessors(let accessors) = block.accessors else { return false }
        return accessors.allSatisfy {
            [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind)
        }
    }

    /// The parameter's type: a function type (plain or with attributes such as `@Sendable`)
    /// is stored beyond the call, so it is taken `@escaping`.
    private static func parameterType(_ type: TypeSyntax) -> String {
        var inner = type
        if let attributed = type.as(AttributedTypeSyntax.self) { inner = attributed.baseType }
        let text = type.trimmedDescription
        return inner.is(FunctionTypeSyntax.self) ? "@escaping \(text)" : text
    }
}
