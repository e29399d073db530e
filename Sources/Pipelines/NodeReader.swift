import Yams

/// Reads typed values out of composed YAML nodes, recording a diagnostic for every problem
/// instead of stopping at the first, so one run reports all of a file's errors.
///
/// Readers return `nil` for a value they rejected; callers carry on with a default so later
/// fields are still checked, and the parser fails at the end if anything was recorded.
struct NodeReader {
    /// The file named in every diagnostic.
    let file: String
    /// Problems found so far.
    private(set) var diagnostics: [PipelineDiagnostic] = []

    init(file: String) {
        self.file = file
    }

    // MARK: Reporting

    /// Records a problem at a node's position.
    mutating func report(_ message: String, at node: Node) {
        report(message, at: node.mark)
    }

    /// Records a problem at a position; composed nodes always carry one, 1:1 is a fallback.
    mutating func report(_ message: String, at mark: Mark?) {
        diagnostics.append(PipelineDiagnostic(
            file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, message: message
        ))
    }

    /// Describes what a node is, for "found …" in type errors.
    static func describe(_ node: Node) -> String {
        switch node {
        case .mapping: return "a map"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar(let scalar):
            switch node.tagName {
            case .null: return "nothing"
            case .bool: return "a boolean (\(scalar.string))"
            case .int, .float: return "a number (\(scalar.string))"
            default: return "the text \"\(scalar.string)\""
            }
        }
    }

    /// Whether a node is an explicit or implicit null (`key:` with no value, `~`, `null`).
    static func isNull(_ node: Node) -> Bool {
        if case .scalar = node { return node.tagName == .null }
        return false
    }

    // MARK: Scalars

    /// Any non-null scalar, as written: YAML's `16.2` or `true` are fine where text is expected,
    /// because agents tags and env values are compared as strings anyway.
    mutating func text(_ node: Node, _ field: String) -> String? {
        guard case .scalar(let scalar) = node, !NodeReader.isNull(node) else {
            report("\(field) must be text, found \(NodeReader.describe(node))", at: node)
            return nil
        }
        return scalar.string
    }

    /// Non-empty text (after trimming).
    mutating func nonEmptyText(_ node: Node, _ field: String) -> String? {
        guard let value = text(node, field) else { return nil }
        guard !value.trimmingWhitespace().isEmpty else {
            report("\(field) must not be empty", at: node)
            return nil
        }
        return value
    }

    /// An integer (quoted numbers are text, and so rejected) within `range`.
    mutating func integer(_ node: Node, _ field: String, in range: ClosedRange<Int>) -> Int? {
        guard node.tagName == .int, let value = node.int else {
            report("\(field) must be a whole number, found \(NodeReader.describe(node))", at: node)
            return nil
        }
        guard range.contains(value) else {
            report("\(field) must be between \(range.lowerBound) and \(range.upperBound), found \(value)", at: node)
            return nil
        }
        return value
    }

    /// `true` or `false` (YAML 1.1's `yes`/`no` are accepted because Yams resolves them so).
    mutating func boolean(_ node: Node, _ field: String) -> Bool? {
        guard node.tagName == .bool, let value = node.bool else {
            report("\(field) must be true or false, found \(NodeReader.describe(node))", at: node)
            return nil
        }
        return value
    }
}

// MARK: - Tags

extension Node {
    /// The resolved YAML tag (`!!str`, `!!int`, …); quoted scalars always resolve to `!!str`.
    var tagName: Tag.Name { Tag.Name(rawValue: tag.rawValue) }
}
