import Impact

/// A pattern over module names: `:feature:*:impl`, `:core:**`, `Core*`.
///
/// Module names are paths of segments separated by `:` (Gradle) or `/` (Bazel, folders); an
/// SPM or XcodeGen name is one segment. `*` matches any run of characters within one segment,
/// `**` any run across segments, `?` one character other than a separator; everything else
/// matches itself. The whole name must match.
public struct ModuleGlob: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    private let tokens: [Wildcard.Token]
    /// The literal bytes before the first wildcard and after the last: most names are told
    /// apart by these alone, without the general matcher.
    private let prefix: [UInt8]
    private let suffix: [UInt8]
    private let isLiteral: Bool

    /// Compiles `pattern`, or throws a message saying what is wrong with it.
    public init(_ pattern: String) throws(ModuleGlobError) {
        guard !pattern.isEmpty else { throw ModuleGlobError(pattern: pattern, reason: "a pattern must not be empty") }
        if let bad = pattern.first(where: { $0.isWhitespace || "[]{}!\\^$|()+".contains($0) }) {
            throw ModuleGlobError(
                pattern: pattern,
                reason: "'\(bad)' is not supported; patterns use * (within a segment), ** (across segments) and ?"
            )
        }
        guard !pattern.contains("***") else { throw ModuleGlobError(pattern: pattern, reason: "*** is not a pattern; use ** to match across segments") }
        let tokens = Wildcard.tokens(pattern.utf8)
        self.pattern = pattern
        self.tokens = tokens
        let literal = { (token: Wildcard.Token) -> UInt8? in if case let .byte(byte) = token { byte } else { nil } }
        prefix = Array(tokens.prefix { literal($0) != nil }.compactMap(literal))
        suffix = Array(tokens.reversed().prefix { literal($0) != nil }.compactMap(literal).reversed())
        isLiteral = prefix.count == tokens.count
    }

    /// The pattern as written.
    public var description: String { pattern }

    /// Whether it names external libraries (`external:GRDB`, `external:Postgres*`) rather
    /// than the project's modules.
    public var isExternal: Bool { pattern.hasPrefix(DependencyDeclaration.externalPrefix) }

    /// Whether the whole of `name` matches.
    public func matches(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { matches(bytes: $0) }
    }

    /// ``Wildcard``'s dynamic programming, after the literal prefix and suffix rule most
    /// names out.
    private func matches(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        if isLiteral { return count == prefix.count && bytes.elementsEqual(prefix) }
        guard count >= prefix.count + suffix.count,
              bytes.prefix(prefix.count).elementsEqual(prefix),
              bytes.suffix(suffix.count).elementsEqual(suffix) else { return false }
        return Wildcard.matches(tokens, bytes, isSeparator: Self.isSeparator)
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ":") || byte == UInt8(ascii: "/")
    }
}

/// Why a text is not a ``ModuleGlob``.
public struct ModuleGlobError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public var pattern: String
    /// What is wrong with it.
    public var reason: String

    /// A readable sentence.
    public var description: String { "'\(pattern)': \(reason)" }
}
