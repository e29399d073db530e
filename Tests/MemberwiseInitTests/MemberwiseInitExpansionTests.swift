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
            """
            @MemberwiseInit(.public)
            public struct Artifact {
                public var id: Int64
                public let `protocol`: String
                public static let shared = 1
                public var size: Int64 { 0 }
            }
            """,
            expands: """
            public struct Artifact {
                public var id: Int64
                public let `protocol`: String
                public static let shared = 1
                public var size: Int64 { 0 }

                /// Every stored property, in declaration order.
                public init(id: Int64, `protocol`: String) {
                    self.id = id
                    self.`protocol` = `protocol`
                }
            }
            """
        )
    }

    @Test("a var's initial value is the default, nil for an optional var; a let with one is no parameter; closures escape")
    func defaultsAndClosures() {
        expect(
            """
            @MemberwiseInit(.package)
            struct Sender {
                var attempts: Int = 0
                let kind = "webhook"
                var send: @Sendable (Int) -> Void
                var done: (() -> Void)?
                var count: Int { didSet { } }
            }
            """,
            expands: """
            struct Sender {
                var attempts: Int = 0
                let kind = "webhook"
                var send: @Sendable (Int) -> Void
                var done: (() -> Void)?
                var count: Int { didSet { } }

                /// Every stored property, in declaration order.
                package init(attempts: Int = 0, send: @escaping @Sendable (Int) -> Void, done: (() -> Void)? = nil, count: Int) {
                    self.attempts = attempts
                    self.send = send
                    self.done = done
                    self.count = count
                }
            }
            """
        )
    }

    @Test("no argument: an internal initializer; no stored property: an empty one")
    func internalAndEmpty() {
        expect(
            """
            @MemberwiseInit
            actor Empty {
                var computed: Int { 1 }
            }
            """,
            expands: """
            actor Empty {
                var computed: Int { 1 }

                /// Every stored property, in declaration order.
                init() {
                }
            }
            """
        )
    }

    @Test("a property without a written type, or an enum, is refused where it stands")
    func refusals() {
        expect(
            """
            @MemberwiseInit(.public)
            public struct Guess {
                public var count = 0
            }
            """,
            expands: """
            public struct Guess {
                public var count = 0
            }
            """,
            diagnostics: [DiagnosticSpec(message: "'count' needs a written type to be a parameter", line: 3, column: 16)]
        )
        expect(
            """
            @MemberwiseInit
            enum Kind {
                case a
            }
            """,
            expands: """
            enum Kind {
                case a
            }
            """,
            diagnostics: [DiagnosticSpec(message: "@MemberwiseInit applies to a structure, class or actor", line: 1, column: 1)]
        )
    }

    /// Expands `source` and compares it with `expanded`, recording a failure as an issue.
    private func expect(
        _ source: String, expands expanded: String, diagnostics: [DiagnosticSpec] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        assertMacroExpansion(source, expandedSource: expanded, diagnostics: diagnostics, macroSpecs: macros) { failure in
            Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
        }
    }
}
