import Checks
import Foundation
import Impact

/// The straightforward evaluation, for comparison: per rule, walk every module's declarations
/// through name-keyed dictionaries, match each edge's two names against the rule's patterns as
/// regular expressions (compiled once per rule), and run a fresh depth-first search per rule
/// for cycles and depth.
final class NaiveChecker {
    struct Violation {
        var rule: String
        var from: String
        var to: String
        var transitive: Bool
    }

    let graph: ModuleGraph
    private var compiled: [String: NSRegularExpression] = [:]

    init(graph: ModuleGraph) {
        self.graph = graph
    }

    /// Whether `name` matches `glob`, through its regular expression.
    func match(_ glob: ModuleGlob, _ name: String) -> Bool {
        if compiled[glob.pattern] == nil { compiled[glob.pattern] = Self.regex(glob) }
        return compiled[glob.pattern]?.matches(name) ?? false
    }

    func violations(of rules: DependencyRules) -> [Violation] {
        var found: [Violation] = []
        compiled = [:]
        for rule in rules.rules {
            var adjacency: [String: [(String, String, Bool)]] = [:]
            for module in graph.modules {
                adjacency[module.name] = (module.declarations ?? []).map { ($0.target, $0.configuration, $0.isTest) }
            }
            func applies(_ configuration: String, _ isTest: Bool) -> Bool {
                (rule.includeTests || !isTest) && (rule.configurations?.contains(configuration) ?? true)
            }
            func edges(_ body: (String, String) -> Bool) {
                for module in graph.modules {
                    var seen = Set<String>()
                    for (target, configuration, isTest) in adjacency[module.name] ?? [] where applies(configuration, isTest) && seen.insert(target).inserted {
                        if body(module.name, target) { found.append(Violation(rule: rule.name, from: module.name, to: target, transitive: false)) }
                    }
                }
            }
            switch rule.check {
            case let .layers(layers):
                func layer(_ name: String) -> Int? { layers.firstIndex { layer in layer.contains { match($0, name) } } }
                edges { from, to in
                    guard let a = layer(from), let b = layer(to) else { return false }
                    return b < a
                }
            case let .forbid(from, to, unless):
                edges { a, b in
                    match(from, a) && match(to, b) && !(unless != nil && Self.shareParent(a, b))
                }
            case let .allowOnly(from, to):
                edges { a, b in match(from, a) && !to.contains { match($0, b) } }
            case .noCycles:
                var state: [String: Int] = [:]
                func visit(_ name: String) {
                    state[name] = 1
                    for (target, configuration, isTest) in adjacency[name] ?? [] where applies(configuration, isTest) {
                        if state[target] == 1 { found.append(Violation(rule: rule.name, from: name, to: target, transitive: true)) }
                        if state[target] == nil { visit(target) }
                    }
                    state[name] = 2
                }
                for module in graph.modules where state[module.name] == nil { visit(module.name) }
            case let .maxDepth(limit):
                var depth: [String: Int] = [:]
                var onPath = Set<String>()
                func measure(_ name: String) -> Int {
                    if let known = depth[name] { return known }
                    onPath.insert(name)
                    var longest = 0
                    for (target, configuration, isTest) in adjacency[name] ?? [] where applies(configuration, isTest) && !onPath.contains(target) {
                        longest = max(longest, measure(target) + 1)
                    }
                    onPath.remove(name)
                    depth[name] = longest
                    return longest
                }
                let deepest = graph.modules.map { measure($0.name) }.max() ?? 0
                if deepest > limit { found.append(Violation(rule: rule.name, from: "", to: "", transitive: true)) }
            }
        }
        return found
    }

    /// The glob as a regular expression.
    static func regex(_ glob: ModuleGlob) -> NSRegularExpression? {
        var pattern = "^"
        var characters = Array(glob.pattern)
        while !characters.isEmpty {
            let character = characters.removeFirst()
            if character == "*", characters.first == "*" {
                characters.removeFirst()
                pattern += ".*"
            } else if character == "*" {
                pattern += "[^:/]*"
            } else if character == "?" {
                pattern += "[^:/]"
            } else {
                pattern += NSRegularExpression.escapedPattern(for: String(character))
            }
        }
        return try? NSRegularExpression(pattern: pattern + "$")
    }

    static func shareParent(_ a: String, _ b: String) -> Bool {
        func parent(_ name: String) -> String? {
            guard let separator = name.lastIndex(where: { $0 == ":" || $0 == "/" }) else { return nil }
            return name[..<separator].isEmpty ? nil : String(name[..<separator])
        }
        guard let parentOfB = parent(b) else { return false }
        return parentOfB == a || parentOfB == parent(a)
    }
}

extension NSRegularExpression {
    func matches(_ text: String) -> Bool {
        firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
