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
        var current = [Bool](repeating: false, count: count + 1)
        var next = current
        current[0] = true
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
            if !current.contains(true) { return false }
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
