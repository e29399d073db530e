import Foundation

/// Finds the places in a build script (or convention plugin source) where dependencies are
/// declared in a form the Gradle reader cannot follow: a computed project path
/// (`project(":feature:$name")`, `project(path)`), or a statement in a `dependencies { }` block
/// that is not a configuration applied to something we recognise (a helper function, a loop, a
/// variable).
///
/// Each one means an edge may be missing; the reader then treats the module as depending on
/// every module (impact analysis widens rather than skips a suite it cannot rule out).
enum GradleUnreadableDependencies {
    /// One construct the reader cannot follow: its 1-based line and its text, shortened.
    struct Finding: Sendable, Hashable {
        /// 1-based line in the file.
        var line: Int
        /// The construct, on one line, at most 80 characters.
        var text: String
    }

    /// What a dependency argument may be: a coordinate string, a catalog entry (also
    /// `libs.findLibrary("x").get()`), a literal project path, a type-safe project accessor, or
    /// a well-known helper that never names a project (`platform(…)` checked separately).
    private static let argument = #"(?:"[^"$]*"|'[^'$]*'|"# + catalogLookup + #"|project\s*\(\s*(?:path\s*[:=]\s*)?["'][^"'$]*["'][^()]*\)|projects\.[\w.]+|(?:platform|enforcedPlatform|testFixtures|kotlin|files|fileTree|gradleApi|localGroovy|gradleTestKit|npm)\s*\([\s\S]*\)|compose\.[\w.]+|(?:compose|kotlin)\(\s*"[^"]*"\s*\))"#

    /// A version-catalog lookup: `libs.x.y` accessors and `libs.findLibrary("x").get()` (and
    /// `findBundle`, `findPlugin`, `findVersion`, with trailing members). Always an external
    /// library, never a project.
    private static let catalogLookup = #"libs\.[\w.\-]+(?:\(\s*"[^"]*"\s*\)(?:\.get\(\))?(?:\.\w+(?:\(\s*\))?)*)?"#

    /// `val bom = libs.findLibrary("compose-bom").get()`: a name bound to a catalog lookup.
    private static let catalogBinding = try? NSRegularExpression(pattern:
        #"^(?:val|var|def|final\s+def)\s+(\w+)\s*(?::\s*[\w.<>?]+)?\s*=\s*"# + catalogLookup + "$")

    /// A statement a `dependencies { }` block may hold without hiding a project edge.
    private static let understood = try? NSRegularExpression(pattern:
        #"^(?:dependencies\s*\.\s*)?(?:add\s*\(\s*["']\w+["']\s*,\s*"# + argument + #"\s*\)|["']?[A-Za-z_]\w*["']?\s*(?:\(\s*"# + argument + #"\s*\)|\s"# + argument + #"))$"#)

    /// The findings in comment-stripped `text`.
    static func findings(in text: String) -> [Finding] {
        var found: [Finding] = []
        // Computed project paths, anywhere.
        for (offset, _) in BuildScriptText.locatedMatches(#"(?<![\w.])project\s*\((?!\s*(?:path\s*[:=]\s*)?["'][^"'$]*["']\s*[,)])"#, in: text) {
            found.append(finding(at: offset, in: text))
        }
        // Statements of every `dependencies { }` block.
        for (offset, _) in BuildScriptText.locatedMatches(#"\bdependencies\s*\{"#, in: text) {
            var catalogNames: [String] = []
            for (statementOffset, statement) in statements(in: text, blockAt: offset) {
                // A name bound to a catalog lookup stands for an external library where it is used.
                if let name = catalogName(boundBy: statement) {
                    catalogNames.append(name)
                    continue
                }
                var resolved = statement
                for name in catalogNames {
                    resolved = resolved.replacingOccurrences(of: #"(?<![\w.])\#(name)(?![\w(])"#, with: "libs.\(name)", options: .regularExpression)
                }
                if !isUnderstood(resolved) { found.append(finding(at: statementOffset, in: text)) }
            }
        }
        var seen = Set<Int>()
        return found.filter { seen.insert($0.line).inserted }.sorted { $0.line < $1.line }
    }

    private static func catalogName(boundBy statement: String) -> String? {
        let range = NSRange(statement.startIndex..., in: statement)
        guard let match = catalogBinding?.firstMatch(in: statement, range: range),
              let name = Range(match.range(at: 1), in: statement) else { return nil }
        return String(statement[name])
    }

    private static func isUnderstood(_ statement: String) -> Bool {
        // A trailing configuration closure (`{ exclude(…) }`) does not change the edge.
        var text = statement
        if text.hasSuffix("}"), let open = text.firstIndex(of: "{") { text = String(text[..<open]) }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let understood else { return false }
        return understood.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// The top-level statements of the block whose `{` follows `offset`: lines, joined while
    /// brackets are open, with their UTF-16 offsets.
    private static func statements(in text: String, blockAt offset: Int) -> [(Int, String)] {
        let utf16 = Array(text.utf16)
        var index = offset
        while index < utf16.count, utf16[index] != UInt16(UInt8(ascii: "{")) { index += 1 }
        index += 1
        var result: [(Int, String)] = []
        var depth = 0
        var start = index
        var inString: UInt16? = nil
        while index < utf16.count {
            let unit = utf16[index]
            if let quote = inString {
                if unit == quote { inString = nil }
            } else if unit == 0x22 || unit == 0x27 {
                inString = unit
            } else if unit == 0x28 || unit == 0x7B || unit == 0x5B {
                depth += 1
            } else if unit == 0x29 || unit == 0x7D || unit == 0x5D {
                if depth == 0 { break }
                depth -= 1
            }
            if depth == 0, inString == nil, unit == 0x0A || unit == 0x3B {
                append(utf16[start..<index], offset: start, to: &result)
                start = index + 1
            }
            index += 1
        }
        append(utf16[start..<min(index, utf16.count)], offset: start, to: &result)
        return result
    }

    private static func append(_ units: ArraySlice<UInt16>, offset: Int, to result: inout [(Int, String)]) {
        let statement = String(decoding: units, as: UTF16.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if !statement.isEmpty { result.append((offset, statement)) }
    }

    private static func finding(at offset: Int, in text: String) -> Finding {
        let prefix = text.utf16.prefix(offset)
        let line = prefix.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let rest = String(decoding: text.utf16.dropFirst(offset), as: UTF16.self)
        let first = rest.drop { $0.isWhitespace }.prefix { $0 != "\n" }
        return Finding(line: line, text: String(first.prefix(80)).trimmingCharacters(in: .whitespaces))
    }
}
