import Yams

// MARK: - Maps and lists

extension TrainNodeReader {
    /// The entries of one YAML map by key, with key nodes kept for positions.
    struct Entries {
        /// Where the map starts, for "missing key" errors.
        let mark: Mark?
        /// Value nodes by key.
        var values: [String: Node] = [:]
        /// Key nodes by key.
        var keys: [String: Node] = [:]

        /// The value for `key`.
        subscript(key: String) -> Node? { values[key] }
    }

    /// The entries of a map, reporting a non-map, non-text keys and keys not in `allowed`
    /// (with a "did you mean" hint).
    mutating func entries(of node: Node, _ what: String, allowed: [String]) -> Entries? {
        guard case .mapping(let mapping) = node else {
            report("\(what) must be a map of keys to values, found \(Self.describe(node))", at: node)
            return nil
        }
        var entries = Entries(mark: node.mark)
        for (keyNode, value) in mapping {
            guard case .scalar(let scalar) = keyNode, !Self.isNull(keyNode) else {
                report("keys in \(what) must be text, found \(Self.describe(keyNode))", at: keyNode)
                continue
            }
            guard allowed.contains(scalar.string) else {
                report("unknown key '\(scalar.string)' in \(what)\(TrainKeySuggestion.hint(for: scalar.string, in: allowed))", at: keyNode)
                continue
            }
            entries.values[scalar.string] = value
            entries.keys[scalar.string] = keyNode
        }
        return entries
    }

    /// The value of a required key, reporting its absence at the map.
    mutating func required(_ entries: Entries, _ key: String, in what: String) -> Node? {
        guard let node = entries[key] else {
            report("missing required key '\(key)' in \(what)", at: entries.mark)
            return nil
        }
        return node
    }

    /// The items of a list; a single scalar counts as a one-item list when `allowSingle`.
    mutating func items(_ node: Node, _ field: String, allowSingle: Bool = true) -> [Node]? {
        switch node {
        case .sequence(let sequence):
            return Array(sequence)
        case .scalar where allowSingle && !Self.isNull(node):
            return [node]
        default:
            report("\(field) must be a list\(allowSingle ? " or a single value" : ""), found \(Self.describe(node))", at: node)
            return nil
        }
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
