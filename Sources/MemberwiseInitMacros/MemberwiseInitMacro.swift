import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

// MARK: - MemberwiseInitMacro

/// Expands `@MemberwiseInit(access)` into the type's memberwise initializer (see the macro's
/// declaration in `MemberwiseInit` for what it takes and leaves out).
public struct MemberwiseInitMacro: MemberMacro {
    /// The initializer, for a structure, class or actor; anything else is an error.
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard declaration.is(StructDeclSyntax.self) || declaration.is(ClassDeclSyntax.self) || declaration.is(ActorDeclSyntax.self) else {
            throw MemberwiseInitError("@MemberwiseInit applies to a structure, class or actor", at: Syntax(node)).diagnostics
        }
        let properties: [StoredProperty]
        do {
            properties = try StoredProperty.all(in: declaration.memberBlock.members)
        } catch {
            throw error.diagnostics
        }
        let parameters = properties.map { property in
            let parameter = "\(property.name): \(property.type)"
            return property.defaultValue.map { "\(parameter) = \($0)" } ?? parameter
        }
        let assignments = properties.map { "    self.\($0.name) = \($0.name)" }
        let signature = "\(accessPrefix(of: node))init(\(parameters.joined(separator: ", ")))"
        let body = assignments.isEmpty ? "{}" : "{\n\(assignments.joined(separator: "\n"))\n}"
        return ["/// Every stored property, in declaration order.\n\(raw: signature) \(raw: body)"]
    }

    /// `public `, `package ` or nothing, from the macro's argument (`.public`, `.package`,
    /// `.internal` or none).
    private static func accessPrefix(of node: AttributeSyntax) -> String {
        guard case .argumentList(let arguments) = node.arguments,
              let member = arguments.first?.expression.as(MemberAccessExprSyntax.self)
        else { return "" }
        switch member.declName.baseName.text {
        case "public": return "public "
        case "package": return "package "
        default: return ""
        }
    }
}

// MARK: - MemberwiseInitError

/// Why the macro cannot write the initializer, shown by the compiler at `node`.
struct MemberwiseInitError: Error, DiagnosticMessage {
    /// What is wrong, in the compiler's words.
    let message: String
    /// Where.
    let node: Syntax
    /// One identity for every message of this macro.
    var diagnosticID: MessageID { MessageID(domain: "MemberwiseInit", id: "invalid") }
    /// Always an error: a guessed initializer would compile into something else.
    var severity: DiagnosticSeverity { .error }

    init(_ message: String, at node: Syntax) {
        self.message = message
        self.node = node
    }

    /// The error as the compiler reports it: at `node`, not at the attribute.
    var diagnostics: DiagnosticsError {
        DiagnosticsError(diagnostics: [Diagnostic(node: node, message: self)])
    }
}
