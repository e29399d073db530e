import Foundation

/// Finds the line of a target's dependency in an XcodeGen spec and its include files, for
/// dependency rules to name where an edge is declared.
///
/// The spec is loaded as plain values (``XcodeGenSpecLoader``), which keep no positions, so the
/// line is found in the text: the target's key, then the first `target: X` (or `package: X`)
/// line below it before the next key at the same or a lower indentation. Best effort: a
/// dependency written some other way (an anchor, a flow map spanning lines) has no line.
struct XcodeGenDeclarationLines {
    private let files: [(name: String, lines: [Substring])]

    /// Reads the spec files, named relative to the project root (already loaded, so inside).
    init(files project: ProjectFiles, names: [String]) {
        files = names.compactMap { name in
            guard let text = try? project.read(name) else { return nil }
            return (name, text.split(separator: "\n", omittingEmptySubsequences: false))
        }
    }

    /// The file and 1-based line of `key: value` in target `target`'s block, when found.
    func location(target: String, key: String, value: String) -> (file: String, line: Int)? {
        for file in files {
            var targetIndent: Int?
            for (index, line) in file.lines.enumerated() {
                let trimmed = line.drop { $0 == " " }
                let indent = line.count - trimmed.count
                if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
                if let open = targetIndent {
                    if indent <= open, !trimmed.hasPrefix("-") { targetIndent = nil } else if Self.names(trimmed, key: key, value: value) {
                        return (file.name, index + 1)
                    }
                }
                if targetIndent == nil, Self.isKey(trimmed, target) { targetIndent = indent }
            }
        }
        return nil
    }

    /// `App:` or `"App":` (with nothing but a comment after it).
    private static func isKey(_ text: Substring, _ name: String) -> Bool {
        for spelling in [name, "\"\(name)\"", "'\(name)'"] where text.hasPrefix(spelling + ":") {
            let rest = text.dropFirst(spelling.count + 1).drop { $0 == " " }
            return rest.isEmpty || rest.hasPrefix("#")
        }
        return false
    }

    /// `- target: Core`, `target: "Core"`, `- {target: Core, embed: false}`.
    private static func names(_ text: Substring, key: String, value: String) -> Bool {
        guard let range = text.range(of: key + ":") else { return false }
        let rest = text[range.upperBound...].drop { $0 == " " }
        for spelling in [value, "\"\(value)\"", "'\(value)'"] where rest.hasPrefix(spelling) {
            let after = rest.dropFirst(spelling.count)
            return after.isEmpty || after.first == " " || after.first == "," || after.first == "}"
        }
        return false
    }
}
