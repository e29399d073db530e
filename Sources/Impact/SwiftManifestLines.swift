import Foundation

/// Finds the line of a target's dependency in a `Package.swift` text, for dependency rules to
/// name where an edge is declared. dump-package JSON keeps no positions, so the text is
/// searched: the target's `name: "T"`, then the first `"D"` after it. Best effort: a name
/// built by code has no line.
struct SwiftManifestLines {
    private let text: String
    private let lines: LineTable

    /// Reads the project's `Package.swift`; nil when there is none to read inside it.
    init?(files: ProjectFiles) {
        guard let text = try? files.read("Package.swift") else { return nil }
        self.text = BuildScriptText.strippingComments(text)
        self.lines = LineTable(self.text)
    }

    /// The 1-based line naming `dependency` in target `target`'s declaration.
    func line(target: String, dependency: String) -> Int? {
        let utf16 = text.utf16
        guard let name = BuildScriptText.locatedMatches(#"\bname\s*:\s*"\#(NSRegularExpression.escapedPattern(for: target))""#, in: text).first,
              let start = utf16.index(utf16.startIndex, offsetBy: name.offset + 1, limitedBy: utf16.endIndex) else { return nil }
        let quoted = "\"\(dependency)\""
        guard let found = text.range(of: quoted, range: start..<text.endIndex) else { return nil }
        return lines.line(ofUTF16Offset: utf16.distance(from: utf16.startIndex, to: found.lowerBound))
    }
}
