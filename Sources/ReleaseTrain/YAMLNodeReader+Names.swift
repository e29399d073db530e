import YAMLReading
import Yams

// MARK: - Names in a train definition

/// The naming rules of train definitions: repositories and tracks are single words, and the
/// train's name, its pipeline and its sign-off gates are slugs, because they end up in URLs,
/// branch names and store requests.
extension YAMLNodeReader {
    /// Text without spaces that is not empty.
    mutating func word(_ node: Node, _ field: String) -> String? {
        guard let value = text(node, field) else { return nil }
        guard !value.isEmpty, !value.contains(where: \.isWhitespace) else {
            report("\(field) must be a single word without spaces, found \"\(value)\"", at: node)
            return nil
        }
        return value
    }

    /// A lowercase slug: `[a-z0-9]` then `[a-z0-9._-]`, at most 100 characters.
    mutating func slug(_ node: Node, _ field: String) -> String? {
        guard let value = text(node, field) else { return nil }
        let isLowerAlnum: (Character) -> Bool = { $0.isASCII && ($0.isNumber || ($0.isLetter && $0.isLowercase)) }
        guard let first = value.first, isLowerAlnum(first), value.count <= 100,
            value.allSatisfy({ isLowerAlnum($0) || $0 == "-" || $0 == "_" || $0 == "." })
        else {
            report("\(field) must be lowercase letters, digits, '.', '_' or '-', starting with a letter or digit, found \"\(value)\"", at: node)
            return nil
        }
        return value
    }

    /// A list of distinct slugs (gate names): repeats are reported at the repeat.
    mutating func slugList(_ node: Node, _ field: String) -> [String] {
        guard let items = items(node, field) else { return [] }
        var seen: [String] = []
        for item in items {
            guard let value = slug(item, "each item of \(field)") else { continue }
            if seen.contains(value) {
                report("'\(value)' appears twice in \(field)", at: item)
            } else {
                seen.append(value)
            }
        }
        return seen
    }
}
