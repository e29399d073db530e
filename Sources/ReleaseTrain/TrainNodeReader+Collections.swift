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

// MARK: - TrainKeySuggestion

/// Finds the known name a user most likely meant, for "did you mean" hints.
enum TrainKeySuggestion {
    /// `; did you mean 'x'?` or nothing.
    static func hint(for word: String, in candidates: [String]) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The candidate equal after ignoring case, `_` and `-`, else the nearest within roughly
    /// one edit per three characters; `nil` when nothing is close enough to help.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let normalized = normalize(word)
        if let exact = candidates.first(where: { normalize($0) == normalized }) { return exact }
        let budget = min(3, max(1, word.count / 3))
        let scored = candidates.map { ($0, distance(normalized, normalize($0))) }.filter { $0.1 <= budget }
        return scored.min { $0.1 < $1.1 }?.0
    }

    private static func normalize(_ word: String) -> [Character] {
        Array(word.lowercased().filter { $0 != "_" && $0 != "-" })
    }

    /// Levenshtein distance.
    private static func distance(_ lhs: [Character], _ rhs: [Character]) -> Int {
        guard !lhs.isEmpty else { return rhs.count }
        guard !rhs.isEmpty else { return lhs.count }
        var previous = Array(0...rhs.count)
        for i in 1...lhs.count {
            var row = [i] + Array(repeating: 0, count: rhs.count)
            for j in 1...rhs.count {
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (lhs[i - 1] == rhs[j - 1] ? 0 : 1))
            }
            previous = row
        }
        return previous[rhs.count]
    }
}
