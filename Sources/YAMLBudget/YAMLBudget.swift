// libyaml's event parser, through Yams' C target. Yams 6's public API cannot stand in: its
// `Parser` offers only `nextRoot()`/`singleRoot()`, which compose whole `Node`s (its events,
// `parse()` and `Event`, are private), and composing is what this budget must run before:
// the composer recurses once per nesting level (a deep `[[[…` overflows the stack inside
// it) and hashes every mapping key to find duplicates, an aliased key's whole expansion
// included. CYaml is a target of Yams' package but not a product, so Package.swift cannot
// name it; SwiftPM makes a dependency's C modules importable all the same.
import CYaml
import MemberwiseInit

/// How much YAML a reader will take on: nodes after alias expansion, and nesting depth.
///
/// Composing YAML with Yams expands nothing, but everything after it does: Yams hashes every
/// mapping key to find duplicates, and readers walk values. An alias of an alias of… (the
/// "billion laughs") is a few hundred bytes whose expansion is exponential, so a 442-byte
/// train definition kept a request busy for 92 s; deep nesting (`[[[[…`) overflows Yams'
/// recursive composer. The budget is checked first, on libyaml's event stream, in one linear
/// pass with no recursion: every node counts, and an alias counts the whole subtree of its
/// anchor each time it appears.
@MemberwiseInit(.public)
public struct YAMLBudget: Sendable {
    /// Most nodes (scalars, lists, maps) the document may expand to.
    public var maxNodes: Int
    /// Deepest nesting of lists and maps.
    public var maxDepth: Int

    /// Limits far above any real pipeline, train or project spec (they have hundreds of
    /// nodes and nest under ten levels).
    public static let standard = YAMLBudget(maxNodes: 100_000, maxDepth: 64)

    /// Where a document went over its budget, 1-based like Yams' marks.
    public struct Violation: Error, Sendable, Equatable {
        /// Line of the node that went over.
        public var line: Int
        /// Column of the node that went over.
        public var column: Int
        /// What was exceeded, for a person.
        public var message: String
    }

    /// The first place `yaml` exceeds the budget, or nil when it stays within. Syntax errors
    /// are not reported here (nil): the composer that runs next reports them with context.
    public func check(_ yaml: String) -> Violation? {
        var scan = EventScan(budget: self)
        var text = yaml
        return text.withUTF8 { scan.run(UnsafeRawBufferPointer($0)) }
    }
}

/// One pass over libyaml's events, with a stack of open collections' expanded sizes.
private struct EventScan {
    let budget: YAMLBudget
    /// Expanded size of each anchor seen so far (a later anchor of the same name shadows it).
    var anchors: [String: Int] = [:]
    /// For each open collection: its anchor and the expanded size of what it holds so far.
    var open: [(anchor: String?, size: Int)] = []
    /// Nodes counted so far, aliases expanded.
    var visited = 0

    mutating func run(_ bytes: UnsafeRawBufferPointer) -> YAMLBudget.Violation? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        yaml_parser_set_input_string(&parser, base, bytes.count)
        var event = yaml_event_t()
        while yaml_parser_parse(&parser, &event) == 1 {
            defer { yaml_event_delete(&event) }
            let mark = (line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return nil
            case YAML_SCALAR_EVENT:
                if let violation = finish(size: 1, anchor: Self.text(event.data.scalar.anchor), at: mark) { return violation }
            case YAML_ALIAS_EVENT:
                let size = Self.text(event.data.alias.anchor).flatMap { anchors[$0] } ?? 1
                if let violation = finish(size: size, anchor: nil, at: mark) { return violation }
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                let anchor = event.type == YAML_SEQUENCE_START_EVENT
                    ? Self.text(event.data.sequence_start.anchor) : Self.text(event.data.mapping_start.anchor)
                open.append((anchor, 1))
                visited += 1
                if open.count > budget.maxDepth {
                    return .init(line: mark.line, column: mark.column, message: "lists and maps nest deeper than \(budget.maxDepth) levels")
                }
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let closed = open.popLast() else { return nil }
                // The collection's own node was counted at its start.
                if let violation = finish(size: closed.size, anchor: closed.anchor, at: mark, alreadyCounted: 1) { return violation }
            default:
                break
            }
        }
        return nil  // a syntax error: the composer reports it
    }

    /// Adds a finished node of expanded `size` to its parent and the running count.
    private mutating func finish(size: Int, anchor: String?, at mark: (line: Int, column: Int), alreadyCounted: Int = 0) -> YAMLBudget.Violation? {
        if let anchor { anchors[anchor] = size }
        if !open.isEmpty { open[open.count - 1].size += size }
        visited += size - alreadyCounted
        guard visited <= budget.maxNodes else {
            return .init(
                line: mark.line, column: mark.column,
                message: "the document expands to more than \(budget.maxNodes) nodes (aliases count each time they are used)"
            )
        }
        return nil
    }

    private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
