/// A pattern over module names: `:feature:*:impl`, `:core:**`, `Core*`.
///
/// Module names are paths of segments separated by `:` (Gradle) or `/` (Bazel, folders); an
/// SPM or XcodeGen name is one segment. `*` matches any run of characters within one segment,
/// `**` any run across segments, `?` one character other than a separator; everything else
/// matches itself. The whole name must match.
public struct ModuleGlob: Sendable, Hashable, CustomStringConvertible {
    private enum Token: Hashable, Sendable {
        case byte(UInt8)
        case one
        case segment
        case any
    }

    /// The pattern as written.
    public let pattern: String
    private let tokens: [Token]
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
        var tokens: [Token] = []
        let bytes = Array(pattern.utf8)
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "*") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                tokens.append(.any)
                index += 2
            case UInt8(ascii: "*"):
                tokens.append(.segment)
                index += 1
            case UInt8(ascii: "?"):
                tokens.append(.one)
                index += 1
            case let byte:
                tokens.append(.byte(byte))
                index += 1
            }
        }
        self.pattern = pattern
        self.tokens = tokens
        let literal = { (token: Token) -> UInt8? in if case let .byte(byte) = token { byte } else { nil } }
        prefix = Array(tokens.prefix { literal($0) != nil }.compactMap(literal))
        suffix = Array(tokens.reversed().prefix { literal($0) != nil }.compactMap(literal).reversed())
        isLiteral = prefix.count == tokens.count
    }

    /// The pattern as written.
    public var description: String { pattern }

    /// Whether the whole of `name` matches.
    public func matches(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { matches(bytes: $0) }
    }

    /// Dynamic programming over (token, byte) positions: linear in the product of the two
    /// lengths, whatever the number of stars, where backtracking could go exponential.
    private func matches(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        if isLiteral { return count == prefix.count && bytes.elementsEqual(prefix) }
        guard count >= prefix.count + suffix.count,
              bytes.prefix(prefix.count).elementsEqual(prefix),
              bytes.suffix(suffix.count).elementsEqual(suffix) else { return false }
        // Two rows of the table on the stack: no allocation per name.
        return withUnsafeTemporaryAllocation(of: Bool.self, capacity: 2 * (count + 1)) { rows in
            table(bytes: bytes, current: UnsafeMutableBufferPointer(rebasing: rows[0...count]), next: UnsafeMutableBufferPointer(rebasing: rows[(count + 1)...]))
        }
    }

    private func table(bytes: UnsafeBufferPointer<UInt8>, current: UnsafeMutableBufferPointer<Bool>, next: UnsafeMutableBufferPointer<Bool>) -> Bool {
        let count = bytes.count
        var current = current
        var next = next
        for position in 0...count { current[position] = position == 0 }
        for token in tokens {
            for position in 0...count { next[position] = false }
            switch token {
            case let .byte(expected):
                for position in 0..<count where current[position] && bytes[position] == expected { next[position + 1] = true }
            case .one:
                for position in 0..<count where current[position] && !Self.isSeparator(bytes[position]) { next[position + 1] = true }
            case .segment, .any:
                let crossesSegments = token == .any
                var reachable = false
                for position in 0...count {
                    if current[position] { reachable = true }
                    next[position] = reachable
                    if position < count, !crossesSegments, Self.isSeparator(bytes[position]) { reachable = false }
                }
            }
            swap(&current, &next)
            guard current.contains(true) else { return false }
        }
        return current[count]
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
