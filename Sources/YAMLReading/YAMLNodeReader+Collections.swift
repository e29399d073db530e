import Yams

/// The entries of one YAML map, keyed by their text, with the nodes kept for positions.
public struct MapEntries {
    /// Position of the map itself, for "missing key" errors.
    public let mark: Mark?
    /// Value nodes by key.
    public private(set) var values: [String: Node] = [:]
    /// Key nodes by key, for errors about the key rather than its value.
    public private(set) var keys: [String: Node] = [:]
    /// Keys in file order.
    public private(set) var order: [String] = []

    /// No entries yet, for the map at `mark`.
    public init(mark: Mark?) {
        self.mark = mark
    }

    /// The value for `key`.
    public subscript(key: String) -> Node? { values[key] }

    /// Adds an entry unless the key is already present (explicit keys win over `<<` merges).
    public mutating func add(key: String, keyNode: Node, value: Node) {
        guard values[key] == nil else { return }
        values[key] = value
        keys[key] = keyNode
        order.append(key)
    }
}

// MARK: - Maps

extension YAMLNodeReader {
    /// The entries of a map, reporting anything that is not a map, non-text keys and keys not
    /// in `allowed` (with a suggestion). YAML merge keys (`<<: *defaults`) are honoured, when
    /// ``mergeKeys`` says so, so that entries can share settings through anchors.
    public mutating func entries(of node: Node, _ what: String, allowed: [String]) -> MapEntries? {
        guard case .mapping(let mapping) = node else {
            report("\(what) must be a map of keys to values, found \(Self.describe(node))", at: node)
            return nil
        }
        var entries = MapEntries(mark: node.mark)
        var merged: [Node] = []
        for (keyNode, value) in mapping {
            if isMergeKey(keyNode) {
                merged.append(value)
                continue
            }
            guard case .scalar(let scalar) = keyNode, !Self.isNull(keyNode) else {
                report("keys in \(what) must be text, found \(Self.describe(keyNode))", at: keyNode)
                continue
            }
            guard allowed.contains(scalar.string) else {
                let hint = KeySuggestion.hint(for: scalar.string, in: allowed)
                report("unknown key '\(scalar.string)' in \(what)\(hint)", at: keyNode)
                continue
            }
            entries.add(key: scalar.string, keyNode: keyNode, value: value)
        }
        for source in merged.flatMap(Self.mergeSources) {
            guard let sourceEntries = self.entries(of: source, what, allowed: allowed) else { continue }
            for key in sourceEntries.order {
                if let keyNode = sourceEntries.keys[key], let value = sourceEntries[key] {
                    entries.add(key: key, keyNode: keyNode, value: value)
                }
            }
        }
        return entries
    }

    /// The value of a required key, reporting its absence at the map.
    public mutating func required(_ entries: MapEntries, _ key: String, in what: String) -> Node? {
        guard let node = entries[key] else {
            report("missing required key '\(key)' in \(what)", at: entries.mark)
            return nil
        }
        return node
    }

    /// A map of text to text, such as `env` or `agents` values, with each key checked by
    /// `validateKey` (which returns an error message or `nil`).
    public mutating func textMap(
        _ node: Node, _ field: String, validateKey: (String) -> String? = { _ in nil }
    ) -> [(key: String, keyNode: Node, value: Node)] {
        guard case .mapping(let mapping) = node else {
            report("\(field) must be a map, found \(Self.describe(node))", at: node)
            return []
        }
        var result: [(key: String, keyNode: Node, value: Node)] = []
        var merged: [Node] = []
        for (keyNode, value) in mapping {
            if isMergeKey(keyNode) {
                merged.append(value)
                continue
            }
            guard let key = text(keyNode, "keys in \(field)") else { continue }
            if let problem = validateKey(key) {
                report(problem, at: keyNode)
                continue
            }
            result.append((key, keyNode, value))
        }
        // Merged entries come after and lose to explicit ones, as YAML's merge key specifies.
        for source in merged.flatMap(Self.mergeSources) {
            for entry in textMap(source, field, validateKey: validateKey) where !result.contains(where: { $0.key == entry.key }) {
                result.append(entry)
            }
        }
        return result
    }

    /// Whether `node` is a `<<` key this reader merges.
    private func isMergeKey(_ node: Node) -> Bool {
        mergeKeys == .honoured && Self.isMergeKey(node)
    }

    /// A plain `<<` key, YAML's merge key.
    public static func isMergeKey(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node else { return false }
        return scalar.string == "<<" && (node.tagName == .merge || scalar.style == .plain)
    }

    /// A merge key's value is one map or a list of maps.
    private static func mergeSources(_ node: Node) -> [Node] {
        if case .sequence(let sequence) = node { return Array(sequence) }
        return [node]
    }

    // MARK: Lists

    /// The items of a list; a single scalar counts as a one-item list when `allowSingle`.
    public mutating func items(_ node: Node, _ field: String, allowSingle: Bool = true) -> [Node]? {
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

    /// A list of non-empty text items; a single text value counts as a one-item list when
    /// `allowSingle` is set. An empty list is an error: omit the key instead.
    public mutating func textList(_ node: Node, _ field: String, allowSingle: Bool = true) -> [(value: String, node: Node)]? {
        guard let items = items(node, field, allowSingle: allowSingle) else { return nil }
        guard !items.isEmpty else {
            report("\(field) must not be an empty list; remove the key instead", at: node)
            return nil
        }
        var result: [(value: String, node: Node)] = []
        var valid = true
        for item in items {
            guard let value = nonEmptyText(item, "each item of \(field)") else {
                valid = false
                continue
            }
            result.append((value, item))
        }
        return valid ? result : nil
    }
}
