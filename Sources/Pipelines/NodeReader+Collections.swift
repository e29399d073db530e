import Yams

/// The entries of one YAML map, keyed by their text, with the nodes kept for positions.
struct MapEntries {
    /// Position of the map itself, for "missing key" errors.
    let mark: Mark?
    /// Value nodes by key.
    private(set) var values: [String: Node] = [:]
    /// Key nodes by key, for errors about the key rather than its value.
    private(set) var keys: [String: Node] = [:]
    /// Keys in file order.
    private(set) var order: [String] = []

    init(mark: Mark?) {
        self.mark = mark
    }

    subscript(key: String) -> Node? { values[key] }

    /// Adds an entry unless the key is already present (explicit keys win over `<<` merges).
    mutating func add(key: String, keyNode: Node, value: Node) {
        guard values[key] == nil else { return }
        values[key] = value
        keys[key] = keyNode
        order.append(key)
    }
}

// MARK: - Maps

extension NodeReader {
    /// The entries of a map, reporting anything that is not a map, non-text keys and keys not
    /// in `allowed` (with a suggestion). YAML merge keys (`<<: *defaults`) are honoured so
    /// steps can share settings through anchors.
    mutating func entries(of node: Node, _ what: String, allowed: [String]) -> MapEntries? {
        guard case .mapping(let mapping) = node else {
            report("\(what) must be a map of keys to values, found \(NodeReader.describe(node))", at: node)
            return nil
        }
        var entries = MapEntries(mark: node.mark)
        var merged: [Node] = []
        for (keyNode, value) in mapping {
            if NodeReader.isMergeKey(keyNode) {
                merged.append(value)
                continue
            }
            guard case .scalar(let scalar) = keyNode, !NodeReader.isNull(keyNode) else {
                report("keys in \(what) must be text, found \(NodeReader.describe(keyNode))", at: keyNode)
                continue
            }
            guard allowed.contains(scalar.string) else {
                let hint = KeySuggestion.hint(for: scalar.string, in: allowed)
                report("unknown key '\(scalar.string)' in \(what)\(hint)", at: keyNode)
                continue
            }
            entries.add(key: scalar.string, keyNode: keyNode, value: value)
        }
        for source in merged.flatMap(NodeReader.mergeSources) {
            guard let sourceEntries = self.entries(of: source, what, allowed: allowed) else { continue }
            for key in sourceEntries.order {
                if let keyNode = sourceEntries.keys[key], let value = sourceEntries[key] {
                    entries.add(key: key, keyNode: keyNode, value: value)
                }
            }
        }
        return entries
    }

    /// A merge key's value is one map or a list of maps.
    private static func mergeSources(_ node: Node) -> [Node] {
        if case .sequence(let sequence) = node { return Array(sequence) }
        return [node]
    }

    /// A map of text to text, such as `env` or `agents` values, with each key checked by
    /// `validateKey` (which returns an error message or `nil`).
    mutating func textMap(
        _ node: Node, _ field: String, validateKey: (String) -> String? = { _ in nil }
    ) -> [(key: String, keyNode: Node, value: Node)] {
        guard case .mapping(let mapping) = node else {
            report("\(field) must be a map, found \(NodeReader.describe(node))", at: node)
            return []
        }
        var result: [(key: String, keyNode: Node, value: Node)] = []
        var merged: [Node] = []
        for (keyNode, value) in mapping {
            if NodeReader.isMergeKey(keyNode) {
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
        for source in merged.flatMap(NodeReader.mergeSources) {
            for entry in textMap(source, field, validateKey: validateKey) where !result.contains(where: { $0.key == entry.key }) {
                result.append(entry)
            }
        }
        return result
    }

    /// A plain `<<` key, YAML's merge key.
    static func isMergeKey(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node else { return false }
        return scalar.string == "<<" && (node.tagName == .merge || scalar.style == .plain)
    }

    // MARK: Lists

    /// A list of non-empty text items; a single text value counts as a one-item list when
    /// `allowSingle` is set. An empty list is an error: omit the key instead.
    mutating func textList(_ node: Node, _ field: String, allowSingle: Bool = true) -> [(value: String, node: Node)]? {
        let items: [Node]
        switch node {
        case .sequence(let sequence):
            items = Array(sequence)
        case .scalar where allowSingle && !NodeReader.isNull(node):
            items = [node]
        default:
            report("\(field) must be a list\(allowSingle ? " or a single value" : ""), found \(NodeReader.describe(node))", at: node)
            return nil
        }
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

    /// A list of glob patterns.
    mutating func globList(_ node: Node, _ field: String) -> [Glob]? {
        textList(node, field).map { $0.map { Glob($0.value) } }
    }
}
