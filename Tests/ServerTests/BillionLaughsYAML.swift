/// A billion-laughs YAML document: nine aliases of nine aliases, eight levels deep, so
/// expanding `*a8` would make 9⁹ (387,420,489) nodes from 300 bytes.
enum BillionLaughsYAML {
    /// The document named `name`, the anchors, then `use` (a line that expands `*a8`).
    static func document(name: String = "bomb", use: String) -> String {
        var lines = ["name: \(name)", "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1...8 {
            lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]")
        }
        lines.append(use)
        return lines.joined(separator: "\n")
    }
}
