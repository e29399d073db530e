import Foundation

/// Source text read just far enough to find string literals, the expressions they start and the
/// calls around them: Swift (`"…\(x)…"`, `"""` blocks skipped) or, with `script`, JavaScript
/// (`"…"`, `'…'`, `` `…${x}…` ``; a Swift `"""` delimiter around a script is passed over).
/// `//` comments are skipped in both. Offsets are UTF-8 byte offsets into the text.
struct SourceText {
    /// A string literal: where it starts (its opening quote) and ends (after its closing one),
    /// its text pieces and its interpolations (`nil` pieces, with their source text).
    struct Literal {
        var start: Int
        var end: Int
        var pieces: [(text: String?, hole: String)]

        /// The literal's text without its interpolations.
        var text: String { pieces.compactMap { $0.text }.joined() }

        /// Whether it begins a path of the server: `/api/…`, `/healthz`, `/readyz`, `/metrics`, `/feed.json`.
        var isAPIPath: Bool {
            guard case let first?? = pieces.first?.text else { return false }
            let path = first.prefix { $0 != "?" }
            return path.hasPrefix("/api/") || ["/healthz", "/readyz", "/metrics", "/feed.json"].contains(String(path))
        }
    }

    /// The text's UTF-8 bytes.
    private let bytes: [UInt8]
    /// Whether the text is a script rather than Swift.
    private let script: Bool

    /// Reads `text` as Swift, or as a script when `script`.
    init(_ text: String, script: Bool) {
        bytes = Array(text.utf8)
        self.script = script
    }

    // MARK: Literals

    /// Every top-level string literal, in order (not those inside another's interpolation).
    func literals() -> [Literal] {
        var found: [Literal] = []
        var index = 0
        while index < bytes.count {
            if let skipped = skipCommentOrBlock(at: index) {
                index = skipped
            } else if let literal = literal(at: index) {
                found.append(literal)
                index = literal.end
            } else {
                index += 1
            }
        }
        return found
    }

    /// The end of a `//` comment, a Swift `"""` block, or a script's `"""` delimiter at `index`.
    private func skipCommentOrBlock(at index: Int) -> Int? {
        if starts(with: "//", at: index) { return bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count }
        guard starts(with: "\"\"\"", at: index) else { return nil }
        if script { return index + 3 }
        var cursor = index + 3
        while cursor < bytes.count, !starts(with: "\"\"\"", at: cursor) { cursor += 1 }
        return min(bytes.count, cursor + 3)
    }

    /// The literal opening at `index`, or nil when no quote opens one there.
    func literal(at index: Int) -> Literal? {
        guard index < bytes.count else { return nil }
        let quote = bytes[index]
        let quotes: [UInt8] = script ? [UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`")] : [UInt8(ascii: "\"")]
        guard quotes.contains(quote), !starts(with: "\"\"\"", at: index) else { return nil }
        var pieces: [(text: String?, hole: String)] = []
        var text: [UInt8] = []
        var cursor = index + 1
        while cursor < bytes.count, bytes[cursor] != quote, bytes[cursor] != UInt8(ascii: "\n") {
            let swiftHole = !script && starts(with: "\\(", at: cursor)
            let scriptHole = script && quote == UInt8(ascii: "`") && starts(with: "${", at: cursor)
            if swiftHole || scriptHole {
                let close = balancedEnd(from: cursor + 1)
                pieces.append((String(decoding: text, as: UTF8.self), ""))
                pieces.append((nil, String(decoding: bytes[(cursor + 2)..<max(cursor + 2, close - 1)], as: UTF8.self)))
                text = []
                cursor = close
            } else if bytes[cursor] == UInt8(ascii: "\\") {
                text.append(contentsOf: bytes[cursor..<min(bytes.count, cursor + 2)])
                cursor += 2
            } else {
                text.append(bytes[cursor])
                cursor += 1
            }
        }
        pieces.append((String(decoding: text, as: UTF8.self), ""))
        return Literal(start: index, end: min(bytes.count, cursor + 1), pieces: pieces.filter { $0.text != "" })
    }

    /// The offset after the bracket that closes the one at `index` (`(`, `[` or `{`), literals inside skipped.
    private func balancedEnd(from index: Int) -> Int {
        var depth = 0
        var cursor = index
        while cursor < bytes.count {
            if let literal = literal(at: cursor) { cursor = literal.end; continue }
            switch bytes[cursor] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return cursor + 1 }
            default: break
            }
            cursor += 1
        }
        return bytes.count
    }

    // MARK: Paths

    /// The path template of the expression starting with the literal at `index`: literals and
    /// operands joined by `+`, parameters as `{param}`, the query left out; nil when unreadable.
    func pathTemplate(startingAt index: Int) -> String? {
        var template = ""
        var cursor = index
        func operand(_ source: String) -> Bool {
            if template.contains("?") { return true }
            if template.hasSuffix("/") { template += "{param}"; return true }
            if source.contains("query") || source.contains("\"?") { template += "?"; return true }
            return false
        }
        while true {
            if let literal = literal(at: cursor) {
                for piece in literal.pieces {
                    if let text = piece.text { template += text } else if !operand(piece.hole) { return nil }
                }
                cursor = literal.end
            } else {
                let end = operandEnd(from: cursor)
                guard end > cursor, operand(String(decoding: bytes[cursor..<end], as: UTF8.self)) else { return nil }
                cursor = end
            }
            let next = skipSpaces(from: cursor)
            guard next < bytes.count, bytes[next] == UInt8(ascii: "+") else { break }
            cursor = skipSpaces(from: next + 1)
        }
        return String(template.prefix { $0 != "?" })
    }

    /// The end of a non-literal operand: names, member accesses and bracketed groups.
    private func operandEnd(from index: Int) -> Int {
        var cursor = index
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if isIdentifierByte(byte) || byte == UInt8(ascii: ".") {
                cursor += 1
            } else if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") {
                cursor = balancedEnd(from: cursor)
            } else {
                break
            }
        }
        return cursor
    }

    // MARK: Calls

    /// The HTTP method of `.name(` right before `index`, when `name` is one of `methods`.
    func calledMethod(before index: Int, among methods: [String: String]) -> String? {
        var cursor = skipSpacesBackward(from: index)
        guard cursor > 0, bytes[cursor - 1] == UInt8(ascii: "(") else { return nil }
        cursor -= 1
        let start = identifierStart(before: cursor)
        guard start > 0, bytes[start - 1] == UInt8(ascii: ".") else { return nil }
        return methods[String(decoding: bytes[start..<cursor], as: UTF8.self)]
    }

    /// The name in `let name = ` or `var name = ` right before `index`.
    func assignedName(before index: Int) -> String? {
        var cursor = skipSpacesBackward(from: index)
        guard cursor > 0, bytes[cursor - 1] == UInt8(ascii: "=") else { return nil }
        cursor = skipSpacesBackward(from: cursor - 1)
        let start = identifierStart(before: cursor)
        let keyword = skipSpacesBackward(from: start)
        guard start < cursor, keyword >= 3 else { return nil }
        let word = String(decoding: bytes[(keyword - 3)..<keyword], as: UTF8.self)
        return word == "let" || word == "var" ? String(decoding: bytes[start..<cursor], as: UTF8.self) : nil
    }

    /// The HTTP method of the first `.name(variable` after `index`, when `name` is one of `methods`.
    func methodCalled(with variable: String, after index: Int, among methods: [String: String]) -> String? {
        let rest = String(decoding: bytes[index...], as: UTF8.self)
        let pattern = #"\.([A-Za-z]+)\(\s*"# + NSRegularExpression.escapedPattern(for: variable) + #"\b"#
        guard let expression = try? NSRegularExpression(pattern: pattern),
              let match = expression.firstMatch(in: rest, range: NSRange(rest.startIndex..., in: rest)),
              let name = Range(match.range(at: 1), in: rest) else { return nil }
        return methods[String(rest[name])]
    }

    /// Each call of one of `names` (not a definition, not a member like `x.get(`): the name and
    /// the offset of its first argument.
    func calls(of names: [String]) -> [(name: String, argument: Int)] {
        var found: [(String, Int)] = []
        var index = 0
        while index < bytes.count {
            if let skipped = skipCommentOrBlock(at: index) { index = skipped; continue }
            if let literal = literal(at: index) { index = literal.end; continue }
            if isIdentifierByte(bytes[index]), index == 0 || !(isIdentifierByte(bytes[index - 1]) || bytes[index - 1] == UInt8(ascii: ".")) {
                var end = index
                while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
                let name = String(decoding: bytes[index..<end], as: UTF8.self)
                let definition = String(decoding: bytes[max(0, index - 9)..<index], as: UTF8.self) == "function "
                if names.contains(name), end < bytes.count, bytes[end] == UInt8(ascii: "("), !definition {
                    found.append((name, skipSpaces(from: end + 1)))
                }
                index = end
                continue
            }
            index += 1
        }
        return found
    }

    /// Whether a literal opens at `index`.
    func startsWithLiteral(at index: Int) -> Bool { literal(at: index) != nil }

    /// Whether the name `identifier`, and not a longer one, stands at `index`.
    func isIdentifier(_ identifier: String, at index: Int) -> Bool {
        let end = index + identifier.utf8.count
        return starts(with: identifier, at: index) && (end >= bytes.count || !isIdentifierByte(bytes[end]))
    }

    /// The `method:` a `fetch(` whose first argument starts at `index` gives, `GET` without one.
    func fetchMethod(after index: Int) -> String {
        var open = index - 1
        while open > 0, bytes[open] != UInt8(ascii: "(") { open -= 1 }
        let end = balancedEnd(from: open)
        let call = String(decoding: bytes[index..<max(index, end)], as: UTF8.self)
        guard let range = call.range(of: #"method:\s*["'`]([A-Za-z]+)"#, options: .regularExpression) else { return "GET" }
        return String(call[range].drop { $0 != "\"" && $0 != "'" && $0 != "`" }.dropFirst()).uppercased()
    }

    /// Where the argument after the literal at `index` starts (the path of
    /// `send("POST", "/api/v1/…")`), or nil when no comma follows the literal.
    func argument(afterLiteralAt index: Int) -> Int? {
        guard let literal = literal(at: index) else { return nil }
        let comma = skipSpaces(from: literal.end)
        guard comma < bytes.count, bytes[comma] == UInt8(ascii: ",") else { return nil }
        return skipSpaces(from: comma + 1)
    }

    /// The 1-based line of `index`.
    func line(of index: Int) -> Int { bytes[..<min(index, bytes.count)].count { $0 == UInt8(ascii: "\n") } + 1 }

    // MARK: Bytes

    /// Whether `text` stands at `index`.
    private func starts(with text: String, at index: Int) -> Bool {
        let needle = Array(text.utf8)
        return index + needle.count <= bytes.count && Array(bytes[index..<(index + needle.count)]) == needle
    }

    /// Whether `byte` can be part of a name: an ASCII letter or digit, `_` or `$`.
    private func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x24
    }

    /// Where the name ending at `index` starts (`index` itself when none ends there).
    private func identifierStart(before index: Int) -> Int {
        var start = index
        while start > 0, isIdentifierByte(bytes[start - 1]) { start -= 1 }
        return start
    }

    /// The first offset from `index` on that is not white space.
    private func skipSpaces(from index: Int) -> Int {
        var cursor = index
        while cursor < bytes.count, [0x20, 0x0A, 0x09, 0x0D].contains(bytes[cursor]) { cursor += 1 }
        return cursor
    }

    /// The offset after the last byte before `index` that is not white space.
    private func skipSpacesBackward(from index: Int) -> Int {
        var cursor = index
        while cursor > 0, [0x20, 0x0A, 0x09, 0x0D].contains(bytes[cursor - 1]) { cursor -= 1 }
        return cursor
    }
}
