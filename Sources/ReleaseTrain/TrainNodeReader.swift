import Foundation
import Yams

// MARK: - TrainNodeReader

/// Reads typed values out of composed YAML nodes, recording a positioned diagnostic for every
/// problem instead of stopping at the first, so one run reports all of a definition's errors.
///
/// Readers return `nil` for a rejected value; callers carry on with a default so later
/// fields are still checked, and the parser fails at the end if anything was recorded.
struct TrainNodeReader {
    /// The file named in every diagnostic.
    let file: String
    /// Problems found so far.
    private(set) var diagnostics: [TrainDiagnostic] = []

    init(file: String) {
        self.file = file
    }

    // MARK: Reporting

    /// Records a problem at a node's position.
    mutating func report(_ message: String, at node: Node) {
        report(message, at: node.mark)
    }

    /// Records a problem at a position (composed nodes always have one; 1:1 is a fallback).
    mutating func report(_ message: String, at mark: Mark?) {
        diagnostics.append(TrainDiagnostic(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, message: message))
    }

    /// What a node is, for "found …" in type errors.
    static func describe(_ node: Node) -> String {
        switch node {
        case .mapping: return "a map"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar(let scalar):
            switch Tag.Name(rawValue: node.tag.rawValue) {
            case .null: return "nothing"
            case .bool: return "a boolean (\(scalar.string))"
            case .int, .float: return "a number (\(scalar.string))"
            default: return "the text \"\(scalar.string)\""
            }
        }
    }

    /// Whether a node is an explicit or implicit null.
    static func isNull(_ node: Node) -> Bool {
        if case .scalar = node { return Tag.Name(rawValue: node.tag.rawValue) == .null }
        return false
    }

    // MARK: Scalars

    /// Any non-null scalar, as written.
    mutating func text(_ node: Node, _ field: String) -> String? {
        guard case .scalar(let scalar) = node, !Self.isNull(node) else {
            report("\(field) must be text, found \(Self.describe(node))", at: node)
            return nil
        }
        return scalar.string
    }

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

    /// A whole number (quoted numbers are text, and rejected) within `range`.
    mutating func integer(_ node: Node, _ field: String, in range: ClosedRange<Int>) -> Int? {
        guard Tag.Name(rawValue: node.tag.rawValue) == .int, let value = node.int else {
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
    mutating func number(_ node: Node, _ field: String, in range: ClosedRange<Double>) -> Double? {
        let tag = Tag.Name(rawValue: node.tag.rawValue)
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

    /// `true` or `false`.
    mutating func boolean(_ node: Node, _ field: String) -> Bool? {
        guard Tag.Name(rawValue: node.tag.rawValue) == .bool, let value = node.bool else {
            report("\(field) must be true or false, found \(Self.describe(node))", at: node)
            return nil
        }
        return value
    }

    /// `5` rather than `5.0` in messages.
    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
