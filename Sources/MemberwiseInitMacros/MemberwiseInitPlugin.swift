import SwiftCompilerPlugin
import SwiftSyntaxMacros

// MARK: - MemberwiseInitPlugin

/// The compiler plugin that carries ``MemberwiseInitMacro`` (what `#externalMacro` in
/// `MemberwiseInit` names). The compiler runs it as a child process while building the
/// modules that use the macro; it is never linked into a product.
@main
struct MemberwiseInitPlugin: CompilerPlugin {
    /// The macros this plugin expands.
    let providingMacros: [any Macro.Type] = [MemberwiseInitMacro.self]
}
