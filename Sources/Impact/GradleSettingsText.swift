import Foundation

/// A comment-stripped settings script as UTF-16 units (the offsets `NSRegularExpression`
/// reports), with the bracket and line helpers the settings evaluator walks it with.
struct GradleSettingsText {
    /// The text, comments blanked.
    let text: String
    /// Its UTF-16 units.
    let units: [UInt16]
    private let lines: LineTable

    init(_ source: String) {
        text = BuildScriptText.strippingComments(source)
        units = Array(text.utf16)
        lines = LineTable(text)
    }

    /// The text of `range`.
    func string(_ range: Range<Int>) -> String {
        String(decoding: units[max(0, range.lowerBound)..<min(units.count, range.upperBound)], as: UTF16.self)
    }

    /// The 1-based line of `offset`.
    func line(of offset: Int) -> Int { lines.line(ofUTF16Offset: offset) }

    /// The statement at `offset` on one line, at most 80 characters, for warnings.
    func excerpt(at offset: Int) -> String {
        var end = offset
        while end < units.count, units[end] != 0x0A { end += 1 }
        return String(string(offset..<end).trimmingCharacters(in: .whitespaces).prefix(80))
    }

    /// Matches of `pattern` with their offsets and groups (groups as offsets too).
    func matches(_ pattern: String) -> [(range: Range<Int>, groups: [Range<Int>?])] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        return expression.matches(in: text, range: NSRange(location: 0, length: units.count)).map { match in
            let groups = (1..<max(match.numberOfRanges, 1)).map { index -> Range<Int>? in
                let range = match.range(at: index)
                return range.location == NSNotFound ? nil : range.location..<(range.location + range.length)
            }
            return (match.range.location..<(match.range.location + match.range.length), groups)
        }
    }

    // MARK: Scanning

    /// The first offset at or after `offset` that is not white space (line breaks included).
    func skipSpace(_ offset: Int) -> Int {
        var index = offset
        while index < units.count, [0x20, 0x09, 0x0A, 0x0D].contains(units[index]) { index += 1 }
        return index
    }

    /// The offset just after the bracket closing the one at `open` (`(`, `{` or `[`), skipping
    /// string literals; nil when it never closes.
    func close(_ open: Int) -> Int? {
        guard open < units.count else { return nil }
        return scan(from: open) { index, unit, depth in
            Self.closes(unit) && depth == 1 ? index + 1 : nil
        }
    }

    /// The end of the statement starting at `offset`: the line's end (or `;`) outside
    /// brackets and strings, continued when a line ends with `,` or an operator.
    func statementEnd(_ offset: Int) -> Int {
        scan(from: offset) { index, unit, depth in
            guard depth == 0 else { return nil }
            if Self.closes(unit) || unit == 0x3B { return index }
            guard unit == 0x0A else { return nil }
            let before = string(offset..<index).trimmingCharacters(in: .whitespaces)
            return before.hasSuffix(",") || before.hasSuffix("+") ? nil : index
        } ?? units.count
    }

    /// Whether `unit` is `(`, `{` or `[`.
    private static func opens(_ unit: UInt16) -> Bool { unit == 0x28 || unit == 0x7B || unit == 0x5B }
    /// Whether `unit` is `)`, `}` or `]`.
    private static func closes(_ unit: UInt16) -> Bool { unit == 0x29 || unit == 0x7D || unit == 0x5D }

    /// Walks from `offset` outside string literals (`"…"`, `'…'`, with `\` escapes), asking
    /// `stop` at each unit with the bracket depth before it; the first answer ends the walk.
    private func scan(from offset: Int, _ stop: (_ index: Int, _ unit: UInt16, _ depth: Int) -> Int?) -> Int? {
        var index = offset
        var depth = 0
        var quote: UInt16?
        while index < units.count {
            let unit = units[index]
            if let current = quote {
                if unit == 0x5C { index += 2; continue }
                if unit == current { quote = nil }
            } else if unit == 0x22 || unit == 0x27 {
                quote = unit
            } else {
                if let answer = stop(index, unit, depth) { return answer }
                if Self.opens(unit) { depth += 1 } else if Self.closes(unit) { depth -= 1 }
            }
            index += 1
        }
        return nil
    }

    /// The start of the postfix expression that ends just before `offset` (`File(rootDir, "x")`,
    /// `rootProject.projectDir`, `dir`), walking back over names, dots and balanced brackets.
    func expressionStart(before offset: Int) -> Int {
        var index = offset
        while index > 0 {
            let previous = units[index - 1]
            if previous == 0x29 || previous == 0x5D {
                // Back to the matching opening bracket.
                var depth = 0
                var cursor = index - 1
                while cursor >= 0 {
                    if units[cursor] == 0x29 || units[cursor] == 0x5D { depth += 1 }
                    if units[cursor] == 0x28 || units[cursor] == 0x5B {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    cursor -= 1
                }
                guard cursor >= 0 else { return index }
                index = cursor
            } else if Self.isNameUnit(previous) || previous == 0x2E || previous == 0x3F || previous == 0x21 {
                index -= 1
            } else {
                break
            }
        }
        // `new File(…)`: the keyword belongs to the expression.
        let head = string(max(0, index - 4)..<index)
        return head == "new " ? index - 4 : index
    }

    /// Letters, digits, `_` and `$`.
    static func isNameUnit(_ unit: UInt16) -> Bool {
        (unit >= 0x30 && unit <= 0x39) || (unit >= 0x41 && unit <= 0x5A) || (unit >= 0x61 && unit <= 0x7A) || unit == 0x5F || unit == 0x24
    }
}
