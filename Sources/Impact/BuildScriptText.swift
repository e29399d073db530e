import Foundation

/// Text helpers shared by the Gradle readers: comment stripping that respects string literals,
/// regular-expression matching over `String`, and balanced-brace block extraction.
///
/// Build scripts are programs; we read them with patterns, best effort, because evaluating them
/// needs Gradle and the Android SDK. What cannot be read becomes a warning, not a guess.
enum BuildScriptText {
    /// The text with `//` line comments and `/* */` block comments blanked out; string
    /// literals (`"…"`, `'…'`, `"""…"""`) are kept, so `"https://x"` survives.
    static func strippingComments(_ text: String) -> String {
        var output: [UInt8] = []
        let bytes = Array(text.utf8)
        output.reserveCapacity(bytes.count)
        var index = 0
        var quote: UInt8? = nil
        var tripleQuoted = false
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if let open = quote {
                output.append(byte)
                if byte == UInt8(ascii: "\\"), !tripleQuoted, index + 1 < bytes.count {
                    output.append(bytes[index + 1])
                    index += 2
                    continue
                }
                if byte == open {
                    if !tripleQuoted {
                        quote = nil
                    } else if index + 2 < bytes.count, bytes[index + 1] == open, bytes[index + 2] == open {
                        output.append(open)
                        output.append(open)
                        index += 2
                        quote = nil
                    }
                }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "/"), next == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            }
            if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                index += 2
                while index < bytes.count, !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")) {
                    // Keep line breaks so later line-based reading still lines up.
                    if bytes[index] == UInt8(ascii: "\n") { output.append(bytes[index]) }
                    index += 1
                }
                index += 2
                output.append(UInt8(ascii: " "))
                continue
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
                tripleQuoted = index + 2 < bytes.count && bytes[index + 1] == byte && bytes[index + 2] == byte
                if tripleQuoted {
                    output.append(byte)
                    output.append(byte)
                    index += 2
                }
            }
            output.append(byte)
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    // MARK: Patterns

    /// Every match of `pattern` in `text`, as arrays of capture groups (missing groups are "").
    static func matches(_ pattern: String, in text: String) -> [[String]] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).map { match in
            (1..<max(match.numberOfRanges, 1)).map { group in
                Range(match.range(at: group), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }

    /// Every match with its offset in the text (UTF-16), for ordering matches of several patterns.
    static func locatedMatches(_ pattern: String, in text: String) -> [(offset: Int, groups: [String])] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).map { match in
            let groups = (1..<max(match.numberOfRanges, 1)).map { group in
                Range(match.range(at: group), in: text).map { String(text[$0]) } ?? ""
            }
            return (match.range.location, groups)
        }
    }

    /// The string literals (single or double quoted) in `text`, in order.
    static func stringLiterals(in text: String) -> [String] {
        matches(#""([^"\n]*)"|'([^'\n]*)'"#, in: text).map { $0[0].isEmpty ? $0[1] : $0[0] }
    }

    // MARK: Blocks

    /// The bodies of every `name { … }` block (balanced braces), e.g. `plugins`.
    static func blocks(named name: String, in text: String) -> [String] {
        var bodies: [String] = []
        for (offset, _) in locatedMatches(#"\b\#(name)\s*\{"#, in: text) {
            let utf16 = text.utf16
            guard let start = utf16.index(utf16.startIndex, offsetBy: offset, limitedBy: utf16.endIndex),
                  let open = text[start...].firstIndex(of: "{") else { continue }
            var depth = 0
            var cursor = open
            while cursor < text.endIndex {
                let character = text[cursor]
                if character == "{" { depth += 1 }
                if character == "}" {
                    depth -= 1
                    if depth == 0 {
                        bodies.append(String(text[text.index(after: open)..<cursor]))
                        break
                    }
                }
                cursor = text.index(after: cursor)
            }
        }
        return bodies
    }

    /// The text of `(…)` starting at the first `(` at or after `index`, balanced.
    static func parenthesized(in text: String, from index: String.Index) -> String? {
        guard let open = text[index...].firstIndex(of: "(") else { return nil }
        var depth = 0
        var cursor = open
        while cursor < text.endIndex {
            if text[cursor] == "(" { depth += 1 }
            if text[cursor] == ")" {
                depth -= 1
                if depth == 0 { return String(text[text.index(after: open)..<cursor]) }
            }
            cursor = text.index(after: cursor)
        }
        return nil
    }
}
