import YAMLReading
import Yams

// MARK: - Checks across steps

extension YAMLNodeReader {
    /// Reports a step key used twice, at the second use.
    mutating func checkUniqueKeys(_ steps: [ParsedStep]) {
        var firstUse: [String: Node] = [:]
        for parsed in steps {
            guard let keyNode = parsed.keyNode else { continue }
            let key = parsed.step.key
            if let first = firstUse[key] {
                let position = first.mark.map { " at line \($0.line), column \($0.column)" } ?? ""
                report("duplicate step key '\(key)': it is already used\(position)", at: keyNode)
            } else {
                firstUse[key] = keyNode
            }
        }
    }

    /// Reports `depends_on` entries naming no step, a step depending on itself, and cycles.
    mutating func checkDependencies(_ steps: [ParsedStep]) {
        let keys = steps.map(\.step.key)
        var edges: [String: [(key: String, node: Node)]] = [:]
        for parsed in steps {
            for dependency in parsed.dependencies {
                if dependency.key == parsed.step.key {
                    report("step '\(dependency.key)' depends on itself", at: dependency.node)
                } else if !keys.contains(dependency.key) {
                    let hint = KeySuggestion.hint(for: dependency.key, in: keys)
                    report("depends_on names unknown step '\(dependency.key)'\(hint)", at: dependency.node)
                } else {
                    edges[parsed.step.key, default: []].append(dependency)
                }
            }
        }
        reportCycles(order: keys, edges: edges)
    }

    /// Depth-first search in file order; each edge that closes a loop is reported once, at
    /// that `depends_on` entry, with the whole loop spelled out.
    private mutating func reportCycles(order: [String], edges: [String: [(key: String, node: Node)]]) {
        enum Visit { case inProgress, done }
        var state: [String: Visit] = [:]
        var path: [String] = []
        var found: [(message: String, node: Node)] = []

        func visit(_ key: String) {
            state[key] = .inProgress
            path.append(key)
            for edge in edges[key] ?? [] {
                switch state[edge.key] {
                case .inProgress:
                    let loop = path.drop { $0 != edge.key } + [edge.key]
                    found.append(("dependency cycle: \(loop.joined(separator: " → "))", edge.node))
                case .done:
                    continue
                case nil:
                    visit(edge.key)
                }
            }
            path.removeLast()
            state[key] = .done
        }

        for key in order where state[key] == nil {
            visit(key)
        }
        for cycle in found {
            report(cycle.message, at: cycle.node)
        }
    }
}
