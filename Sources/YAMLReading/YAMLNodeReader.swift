import Yams

/// Reads typed values out of composed YAML nodes, recording a `file:line:column` diagnostic
/// for every problem instead of stopping at the first, so one run reports all of a file's
/// errors.
///
/// Readers return `nil` for a value they rejected; callers carry on with a default so later
/// fields are still checked, and the caller fails at the end if anything was recorded.
/// Modules add the readers for their own fields (a pipeline's steps, a train's rollout) as
/// extensions; the ones here know nothing of any domain.
public struct YAMLNodeReader {
    /// What a `<<` key means in maps read with ``entries(of:_:allowed:)`` and
    /// ``textMap(_:_:validateKey:)``.
    public enum MergeKeys: Sendable {
        /// YAML's merge key: `<<: *defaults` copies the anchored map's entries in, and
        /// explicit keys win.
        case honoured
        /// An ordinary key, reported as unknown wherever it is not allowed; for formats that
        /// never documented merges, so a file that was an error stays one.
        case plainKeys
    }

    /// The file named in every diagnostic.
    public let file: String
    /// What `<<` means in this file's maps.
    public let mergeKeys: MergeKeys
    /// Problems found so far, in the order they were found.
    public private(set) var diagnostics: [YAMLDiagnostic] = []

    /// A reader naming `file` in its diagnostics.
    public init(file: String, mergeKeys: MergeKeys = .honoured) {
        self.file = file
        self.mergeKeys = mergeKeys
    }

    // MARK: Reporting

    /// Records a problem at a node's position.
    public mutating func report(_ message: String, at node: Node) {
        report(message, at: node.mark)
    }

    /// Records a problem at a position; composed nodes always carry one, 1:1 is a fallback.
    public mutating func report(_ message: String, at mark: Mark?) {
        diagnostics.append(YAMLDiagnostic(
            file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, message: message
        ))
    }

    /// Describes what a node is, for "found …" in type errors.
    public static func describe(_ node: Node) -> String {
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
    public static func isNull(_ node: Node) -> Bool {
        if case .scalar = node { return node.tagName == .null }
        return false
    }

    // MARK: Scalars

    /// Any non-null scalar, as written: YAML's `16.2` or `true` are fine where text is
    /// expected, because tags, versions and env values are compared as strings anyway.
    public mutating func text(_ node: Node, _ field: String) -> String? {
        guard case .scalar(let scalar) = node, !Self.isNull(node) else {
            report("\(field) must be text, found \(Self.describe(node))", at: node)
            return nil
        }
        return scalar.string
    }

    /// Text with something other than whitespace in it (returned untrimmed, as written).
    public mutating func nonEmptyText(_ node: Node, _ field: String) -> String? {
        guard let value = text(node, field) else { return nil }
        guard !value.allSatisfy(\.isWhitespace) else {
            report("\(field) must not be empty", at: node)
            return nil
        }
        return value
    }

    /// An integer (quoted numbers are text, and so rejected) within `range`.
    public mutating func integer(_ node: Node, _ field: String, in range: ClosedRange<Int>) -> Int? {
        guard node.tagName == .int, let value = node.int else {
            report("\(field) must be a whole number, found \(Self.describe(node))", at: node)
            return nil
        }
        guard range.contains(value) else {
            report("\(field) must be between \(range.lowerBound) and \(range.upperBound), found \(value)", at: node)
            return nil
        }
        return value
    }

    /// Any number (whole or decimal) within `range`.
    public mutating func number(_ node: Node, _ field: String, in range: ClosedRange<Double>) -> Double? {
        let tag = node.tagName
        guard tag == .int || tag == .float, let value = node.float, value.isFinite else {
            report("\(field) must be a number, found \(Self.describe(node))", at: node)
            return nil
        }
        guard range.contains(value) else {
            report("\(field) must be between \(Self.plain(range.lowerBound)) and \(Self.plain(range.upperBound)), found \(Self.plain(value))", at: node)
            return nil
        }
        return value
    }

    /// `true` or `false` (YAML 1.1's `yes`/`no` are accepted because Yams resolves them so).
    public mutating func boolean(_ node: Node, _ field: String) -> Bool? {
        guard node.tagName == .bool, let value = node.bool else {
            report("\(field) must be true or false, found \(Self.describe(node))", at: node)
            return nil
        }
        return value
    }

    /// `5` rather than `5.0` in messages, since people write whole percentages and seconds.
    public static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

// MARK: - Tags

extension Node {
    /// The resolved YAML tag (`!!str`, `!!int`, …); quoted scalars always resolve to `!!str`.
    public var tagName: Tag.Name { Tag.Name(rawValue: tag.rawValue) }
}
