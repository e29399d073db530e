import MemberwiseInitMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

// MARK: - Expansion

/// What `@MemberwiseInit` writes, and what it refuses, as source text.
@Suite("MemberwiseInit expansion")
struct MemberwiseInitExpansionTests {
    private let macros = ["MemberwiseInit": MacroSpec(type: MemberwiseInitMacro.self)]

    @Test("one parameter per stored property, in order, at the named access level")
    func storedPropertiesInOrder() {
        expect(
            "@MemberwiseInit(.public)", "public struct Artifact",
            members: [
                "public var id: Int64",
                "public let `protocol`: String",
                "public static let shared = 1",
                "public var size: Int64 { 0 }",
            ],
            adds: [
                "public init(id: Int64, `protocol`: String) {",
                "    self.id = id",
                "    self.`protocol` = `protocol`",
                "}",
            ]
        )
    }

    @Test("a var's initial value is the default, nil for an optional var; a let with one is no parameter; closures escape")
    func defaultsAndClosures() {
        expect(
            "@MemberwiseInit(.package)", "struct Sender",
            members: [
                "var attempts: Int = 0",
                "let kind = \"webhook\"",
                "var send: @Sendable (Int) -> Void",
                "var done: (() -> Void)?",
                "var count: Int { didSet { } }",
            ],
            adds: [
                "package init(attempts: Int = 0, send: @escaping @Sendable (Int) -> Void, done: (() -> Void)? = nil, count: Int) {",
                "    self.attempts = attempts",
                "    self.send = send",
                "    self.done = done",
                "    self.count = count",
                "}",
            ]
        )
    }

    @Test("no argument: an internal initializer; no stored property: an empty one")
    func internalAndEmpty() {
        expect("@MemberwiseInit", "actor Empty", members: ["var computed: Int { 1 }"], adds: ["init() {", "}"])
    }

    @Test("a property without a written type, or an enum, is refused where it stands")
    func refusals() {
        expect(
            "@MemberwiseInit(.public)", "public struct Guess", members: ["public var count = 0"], adds: [],
            diagnostics: [DiagnosticSpec(message: "'count' needs a written type to be a parameter", line: 3, column: 16)]
        )
        expect(
            "@MemberwiseInit", "enum Kind", members: ["case a"], adds: [],
            diagnostics: [DiagnosticSpec(message: "@MemberwiseInit applies to a structure, class or actor", line: 1, column: 1)]
        )
    }

    /// Expands `declaration { members }` under `attribute`, and compares the result with the
    /// declaration as written plus `added` (the initializer, after its doc comment) below its
    /// members; `added` empty: the declaration unchanged. A mismatch is recorded as an issue.
    private func expect(
        _ attribute: String, _ declaration: String, members: [String], adds added: [String],
        diagnostics: [DiagnosticSpec] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let body = members.map { "    " + $0 }
        let initializer = added.isEmpty ? [] : [""] + (["/// Every stored property, in declaration order."] + added).map { "    " + $0 }
        let source = ([attribute, declaration + " {"] + body + ["}"]).joined(separator: "\n")
        let expanded = ([declaration + " {"] + body + initializer + ["}"]).joined(separator: "\n")
        assertMacroExpansion(source, expandedSource: expanded, diagnostics: diagnostics, macroSpecs: macros) { failure in
            Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
        }
    }
}
