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
        /// Index into ``DependencyEdges/configurations``.
        var configuration: Int
        var isTest: Bool
        var file: String?
        var line: Int?
    }

    /// Module names, sorted, then the external libraries declarations name
    /// (`external:GRDB`, sorted); a node's number is its index here.
    let names: [String]
    /// How many of ``names`` are the project's modules; the rest are external libraries, which
    /// only rules naming `external:` patterns see (``DependencyRule/seesExternal``).
    let moduleCount: Int
    /// Every edge, grouped by `from` and sorted by target name within a group.
    let edges: [Edge]
    /// Configuration names, each once: rules compare numbers, not strings.
    let configurations: [String]
    /// `edges[outStart[m]..<outStart[m + 1]]` leave module `m`.
    let outStart: [Int]

    /// Indexes `graph`'s modules and declared edges.
    init(graph: ModuleGraph) {
        let sorted = graph.modules.map(\.name).sorted()
        var names: [String] = []
        names.reserveCapacity(sorted.count)
        for name in sorted where names.last != name { names.append(name) }
        let moduleCount = names.count
        let modules = Set(names)
        let externals = Set(graph.modules.flatMap { $0.declarations ?? [] }.filter { $0.isExternal && !modules.contains($0.target) }.map(\.target))
        names += externals.sorted()
        var number: [String: Int] = [:]
        number.reserveCapacity(names.count)
        for (index, name) in names.enumerated() { number[name] = index }

        var testEdges: [String: [String]] = [:]
        for suite in graph.testSuites where !suite.dependencies.isEmpty {
            testEdges[suite.module, default: []] += suite.dependencies
        }
        var configurations: [String] = []
        var configurationNumber: [String: Int] = [:]
        func intern(_ configuration: String) -> Int {
            if let known = configurationNumber[configuration] { return known }
            configurations.append(configuration)
            configurationNumber[configuration] = configurations.count - 1
            return configurations.count - 1
        }
        // Bucketed by `from`, so only each module's few edges need sorting.
        var buckets = [[Edge]](repeating: [], count: names.count)
        for module in graph.modules {
            guard let from = number[module.name] else { continue }
            if let declarations = module.declarations {
                for declaration in declarations {
                    guard let to = number[declaration.target], to != from else { continue }
                    buckets[from].append(Edge(
                        from: from, to: to, configuration: intern(declaration.configuration), isTest: declaration.isTest,
                        file: declaration.file, line: declaration.line
                    ))
                }
            } else {
                for target in module.dependencies {
                    guard let to = number[target], to != from else { continue }
                    buckets[from].append(Edge(from: from, to: to, configuration: intern("dependency"), isTest: false))
                }
                for target in testEdges[module.name] ?? [] {
                    guard let to = number[target], to != from else { continue }
                    buckets[from].append(Edge(from: from, to: to, configuration: intern("test"), isTest: true))
                }
            }
        }
        var edges: [Edge] = []
        edges.reserveCapacity(buckets.reduce(0) { $0 + $1.count })
        var outStart = [Int](repeating: 0, count: names.count + 1)
        // Production before test, then declaration order: the first edge of a pair is the one shown.
        let before = { (a: Edge, b: Edge) in a.to != b.to ? a.to < b.to : (!a.isTest && b.isTest) }
        for (module, bucket) in buckets.enumerated() {
            if zip(bucket, bucket.dropFirst()).allSatisfy({ !before($1, $0) }) {
                edges += bucket
            } else {
                edges += bucket.enumerated().sorted { lhs, rhs in
                    before(lhs.element, rhs.element) || (!before(rhs.element, lhs.element) && lhs.offset < rhs.offset)
                }.map(\.element)
            }
            outStart[module + 1] = edges.count
        }
        self.names = names
        self.moduleCount = moduleCount
        self.edges = edges
        self.outStart = outStart
        self.configurations = configurations
    }

    /// Which nodes match `glob`, by number: an `external:` pattern matches only external
    /// libraries, any other only modules (so `to: "*"` never means every library).
    func matching(_ glob: ModuleGlob) -> [Bool] {
        names.indices.map { node in (node >= moduleCount) == glob.isExternal && glob.matches(names[node]) }
    }

    /// The declared edges between the project's modules (external libraries left out).
    var moduleEdgeCount: Int { edges.count { $0.to < moduleCount } }

    /// For each module, the first edge to each distinct target that `rule` looks at, in target
    /// order: the adjacency the transitive rules walk.
    func adjacency(for rule: DependencyRule) -> (start: [Int], edges: [Int]) {
        let looked = configurations.map { rule.configurations?.contains($0) ?? true }
        var start = [Int](repeating: 0, count: names.count + 1)
        var chosen: [Int] = []
        chosen.reserveCapacity(edges.count)
        for module in 0..<names.count {
            var last = -1
            for index in outStart[module]..<outStart[module + 1] {
                let edge = edges[index]
                guard edge.to != last, looked[edge.configuration], rule.includeTests || !edge.isTest,
                      edge.to < moduleCount || rule.seesExternal else { continue }
                chosen.append(index)
                last = edge.to
            }
            start[module + 1] = chosen.count
        }
        return (start, chosen)
    }
}
