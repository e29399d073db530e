/// Wildcard matching over bytes by dynamic programming: time linear in the product of the
/// pattern's and the text's lengths, whatever the number of stars.
///
/// Backtracking (trying every split a `*` could take, recursively) goes exponential: eight
/// `**` against a deep path did not answer in two minutes, and held the server's analyses.
/// One matcher serves the run-all path patterns (``GlobPattern``, per path component) and the
/// module-name patterns of dependency rules (`ModuleGlob`).
public enum Wildcard {
    /// One element of a compiled pattern.
    public enum Token: Hashable, Sendable {
        /// This byte.
        case byte(UInt8)
        /// Any one byte other than a separator (`?`).
        case one
        /// Any run of bytes without a separator (`*`).
        case segment
        /// Any run of bytes, separators included (`**`).
        case any
    }

    /// `**` → ``Token/any``, `*` → ``Token/segment``, `?` → ``Token/one``, anything else itself.
    public static func tokens(_ pattern: some Collection<UInt8>) -> [Token] {
        let bytes = Array(pattern)
        var tokens: [Token] = []
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
        return tokens
    }

    /// Whether the whole of `bytes` matches `tokens`; `isSeparator` says which bytes `*` and
    /// `?` do not cross.
    public static func matches(_ tokens: [Token], _ bytes: UnsafeBufferPointer<UInt8>, isSeparator: (UInt8) -> Bool) -> Bool {
        let count = bytes.count
        // Two rows of the table on the stack: no allocation per text.
        return withUnsafeTemporaryAllocation(of: Bool.self, capacity: 2 * (count + 1)) { rows in
            var current = UnsafeMutableBufferPointer(rebasing: rows[0...count])
            var next = UnsafeMutableBufferPointer(rebasing: rows[(count + 1)...])
            for position in 0...count { current[position] = position == 0 }
            for token in tokens {
                for position in 0...count { next[position] = false }
                switch token {
                case let .byte(expected):
                    for position in 0..<count where current[position] && bytes[position] == expected { next[position + 1] = true }
                case .one:
                    for position in 0..<count where current[position] && !isSeparator(bytes[position]) { next[position + 1] = true }
                case .segment, .any:
                    let crossesSeparators = token == .any
                    var reachable = false
                    for position in 0...count {
                        if current[position] { reachable = true }
                        next[position] = reachable
                        if position < count, !crossesSeparators, isSeparator(bytes[position]) { reachable = false }
                    }
                }
                swap(&current, &next)
                guard current.contains(true) else { return false }
            }
            return current[count]
        }
    }

    /// ``matches(_:_:isSeparator:)`` over an array slice.
    static func matches(_ tokens: [Token], _ bytes: ArraySlice<UInt8>, isSeparator: (UInt8) -> Bool) -> Bool {
        bytes.withUnsafeBufferPointer { matches(tokens, $0, isSeparator: isSeparator) }
    }
}
