import Impact

/// A module graph's declared edges, indexed for the rules: modules numbered in name order,
/// each module's outgoing edges contiguous and sorted by target name, so every rule walks
/// arrays rather than dictionaries and its output comes out in a stable order.
///
/// A module whose reader kept its declarations (Gradle, XcodeGen, dump-package) contributes one
/// edge per declaration, with configuration, file and line; edges the reader added by widening
/// have no declaration and are not checked. Any other module (a graph file without
/// declarations) contributes its `dependencies` as `dependency` edges and its suites'
/// dependencies as test edges.
struct DependencyEdges: Sendable {
    /// One declared edge.
    struct Edge: Sendable, Hashable {
        var from: Int
        var to: Int
        var configuration: String
        var isTest: Bool
        var file: String?
        var line: Int?
    }

    /// Module names, sorted; a module's number is its index here.
    let names: [String]
    /// Every edge, grouped by `from` and sorted by target name within a group.
    let edges: [Edge]
    /// `edges[outStart[m]..<outStart[m + 1]]` leave module `m`.
    let outStart: [Int]

    /// Indexes `graph`'s modules and declared edges.
    init(graph: ModuleGraph) {
        let sorted = graph.modules.map(\.name).sorted()
        var names: [String] = []
        names.reserveCapacity(sorted.count)
        for name in sorted where names.last != name { names.append(name) }
        var number: [String: Int] = [:]
        number.reserveCapacity(names.count)
        for (index, name) in names.enumerated() { number[name] = index }

        var testEdges: [String: [String]] = [:]
        for suite in graph.testSuites where !suite.dependencies.isEmpty {
            testEdges[suite.module, default: []] += suite.dependencies
        }
        var edges: [Edge] = []
        for module in graph.modules {
            guard let from = number[module.name] else { continue }
            if let declarations = module.declarations {
                for declaration in declarations {
                    guard let to = number[declaration.target], to != from else { continue }
                    edges.append(Edge(
                        from: from, to: to, configuration: declaration.configuration, isTest: declaration.isTest,
                        file: declaration.file, line: declaration.line
                    ))
                }
            } else {
                for target in module.dependencies {
                    guard let to = number[target], to != from else { continue }
                    edges.append(Edge(from: from, to: to, configuration: "dependency", isTest: false))
                }
                for target in testEdges[module.name] ?? [] {
                    guard let to = number[target], to != from else { continue }
                    edges.append(Edge(from: from, to: to, configuration: "test", isTest: true))
                }
            }
        }
        // Production before test, then declaration order: the first edge of a pair is the one shown.
        let ordered = edges.enumerated().sorted { lhs, rhs in
            let (a, b) = (lhs.element, rhs.element)
            if a.from != b.from { return a.from < b.from }
            if a.to != b.to { return a.to < b.to }
            if a.isTest != b.isTest { return !a.isTest }
            return lhs.offset < rhs.offset
        }.map(\.element)
        var outStart = [Int](repeating: 0, count: names.count + 1)
        for edge in ordered { outStart[edge.from + 1] += 1 }
        for index in 0..<names.count { outStart[index + 1] += outStart[index] }
        self.names = names
        self.edges = ordered
        self.outStart = outStart
    }

    /// Which modules match `glob`, by number.
    func matching(_ glob: ModuleGlob) -> [Bool] {
        names.map(glob.matches)
    }

    /// For each module, the first edge to each distinct target that `rule` looks at, in target
    /// order: the adjacency the transitive rules walk.
    func adjacency(for rule: DependencyRule) -> (start: [Int], edges: [Int]) {
        var start = [Int](repeating: 0, count: names.count + 1)
        var chosen: [Int] = []
        chosen.reserveCapacity(edges.count)
        for module in 0..<names.count {
            var last = -1
            for index in outStart[module]..<outStart[module + 1] {
                let edge = edges[index]
                guard edge.to != last, rule.applies(configuration: edge.configuration, isTest: edge.isTest) else { continue }
                chosen.append(index)
                last = edge.to
            }
            start[module + 1] = chosen.count
        }
        return (start, chosen)
    }
}
